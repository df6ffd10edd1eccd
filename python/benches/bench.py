"""Timings of the Python module's hot paths, to set beside `cargo bench`.

    MESA_SHADER_CACHE_DISABLE=true python python/benches/bench.py

Build the module with `maturin develop --release` first: a debug build
measures Rust's debug code, not the binding. Each figure is the median of
several runs; the first-call figures are taken once, on a fresh process.
"""

from __future__ import annotations

import statistics
import sys
import time

import numpy as np

import ropkit


def median_ms(fn, runs: int = 15) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000.0


def once_ms(fn) -> float:
    started = time.perf_counter()
    fn()
    return (time.perf_counter() - started) * 1000.0


def main() -> int:
    rows: list[tuple[str, float]] = []
    lib_ms = once_ms(lambda: ropkit.Library())
    lib = ropkit.Library()
    rows.append(("Library() (86 ROPs)", lib_ms))
    net = ropkit.Network.load("presets/default.yaml", lib)
    rows.append(("first render 64x64 (device, pipeline, lazy driver compile)", once_ms(lambda: net.render(64, 64))))
    rows.append(("build() (stitch + naga)", median_ms(net.build)))
    rows.append(("render 64x64", median_ms(lambda: net.render(64, 64))))
    rows.append(("render 256x256", median_ms(lambda: net.render(256, 256))))

    radius = iter(np.linspace(0.5, 1.5, 1000))

    def edit_and_render():
        net.set("/scene/sphere1.Radius", float(next(radius)))
        net.render(256, 256)

    builds = net.stats["shader_builds"]
    rows.append(("set parameter + render 256x256", median_ms(edit_and_render)))
    assert net.stats["shader_builds"] == builds, "a parameter edit rebuilt the shader"

    net.render(256, 256, buffer="depth")
    rows.append(("render 256x256 depth (float32)", median_ms(lambda: net.render(256, 256, buffer="depth"))))

    points = np.random.default_rng(0).uniform(-3, 3, size=(100_000, 3))
    net.sample(points[:10])
    rows.append(("sample 100,000 points", median_ms(lambda: net.sample(points), runs=5)))

    print(f"adapter: {lib.adapter}")
    for what, ms in rows:
        print(f"| {what} | {ms:.1f} ms |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
