"""Timings of ropkit.dask on this machine: one process against a
LocalCluster of 1 and 2 worker processes (one thread each), the cost of a
task, and the bytes a task moves. The figures of BENCHMARKS.md, section
"Frames on a Dask cluster".

    python python/benches/dask_bench.py

Each cluster figure is taken after one warm-up job, so that every worker
has already built the network and its pipeline (a worker's first task pays
for that once, seconds on lavapipe).
"""

from __future__ import annotations

import os
import pickle
import sys
import time

import numpy as np
from distributed import Client, LocalCluster

import ropkit
import ropkit.dask

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FRAMES, SIZE = 16, (256, 256)


def seconds(fn) -> float:
    started = time.perf_counter()
    fn()
    return time.perf_counter() - started


def torus_and_box(lib):
    net = ropkit.Network(lib)
    net.add("torus", "/scene/t", Radius=1.0, Thickness=0.35, Axis="z")
    net.add("box", "/scene/b", Size=(1.31, 1.13, 0.93), Translate=(0.051, 0.033, 0.021))
    net.add("combine", "/scene/u", Mode="union")
    net.connect("/scene/t", "/scene/u", "a")
    net.connect("/scene/b", "/scene/u", "b")
    net.add("raymarchRender3D", "/render")
    net.connect("/scene/u", "/render", "scene")
    return net


def noop():
    return None


def on_cluster(workers, net, mesh_net, rows):
    out = {}
    with LocalCluster(
        n_workers=workers, processes=True, threads_per_worker=1, dashboard_address=":0"
    ) as cluster, Client(cluster) as client:
        client.wait_for_workers(workers)
        frames = lambda: ropkit.dask.render_frames(net, range(FRAMES), SIZE, client=client)
        frames()
        out["frames/s"] = FRAMES / seconds(frames)
        tiny = lambda: ropkit.dask.render_frames(net, range(64), (8, 8), client=client)
        tiny()
        out["ropkit task ms"] = seconds(tiny) / 64 * 1000
        client.gather([client.submit(noop, pure=False) for _ in range(50)])
        started = time.perf_counter()
        client.gather([client.submit(noop, pure=False) for _ in range(400)])
        out["empty task ms"] = (time.perf_counter() - started) / 400 * 1000
        sweep = lambda d: ropkit.dask.sweep(
            net, rows, (128, 128), out_dir=d, client=client
        )
        sweep("/tmp/ropkit-bench-sweep-warm")
        out["sweep rows/s"] = 12 / seconds(lambda: sweep(f"/tmp/ropkit-bench-sweep-{workers}"))
        mesh = lambda: ropkit.dask.mesh(mesh_net, 128, (2, 2, 2), client=client)
        mesh()
        out["mesh 128, 2x2x2 bricks s"] = seconds(mesh)
    return out


def main() -> int:
    lib = ropkit.Library()
    net = ropkit.Network.load(os.path.join(ROOT, "presets", "default.yaml"), lib)
    mesh_net = torus_and_box(lib)
    rows = {
        "/scene/sphere1.Radius": [0.8, 1.0, 1.2, 1.4],
        "/scene/red.Color": [(0.8, 0.1, 0.05), (0.1, 0.8, 0.05), (0.9, 0.8, 0.1)],
    }

    single = {}
    f = ropkit.Frames(net)
    f.encode(*SIZE)
    single["frames/s"] = FRAMES / seconds(
        lambda: [f.encode(*SIZE, time=k / 30, frame=k) for k in range(FRAMES)]
    )
    single["ropkit task ms"] = seconds(lambda: [f.encode(8, 8, time=k / 30, frame=k) for k in range(64)]) / 64 * 1000
    mesh_net.mesh(128)
    single["mesh 128, 2x2x2 bricks s"] = seconds(lambda: mesh_net.mesh(128))

    package = ropkit.dask.pack(net)
    png = f.encode(*SIZE)
    task_args = pickle.dumps((None, None, False, SIZE, [(0, 0.0)], True))
    sizes = {
        "package (scattered once per worker)": len(pickle.dumps(package)),
        "frame task's arguments (the package by reference)": len(task_args),
        "frame task's result (a 256x256 PNG)": len(png),
        "frame task's result as an array": SIZE[0] * SIZE[1] * 4,
    }
    results = {1: on_cluster(1, net, mesh_net, rows), 2: on_cluster(2, net, mesh_net, rows)}
    print(f"load average at the end: {os.getloadavg()}")
    print("| measure | one process | 1 worker | 2 workers |")
    print("|---|---:|---:|---:|")
    for key in results[1]:
        one = single.get(key)
        print(
            f"| {key} | {'' if one is None else f'{one:.2f}'} | {results[1][key]:.2f} | {results[2][key]:.2f} |"
        )
    for k, v in sizes.items():
        print(f"| bytes: {k} | {v} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
