"""Render a turntable of a ropkit network to numbered PNG files.

The camera wired into the output circles the point it looks at, one step per
frame. Each frame is a parameter edit (the camera's Position), so the shader
is built once and every later frame only rewrites the uniform buffer; the
counts printed at the end show it.

    python python/examples/turntable.py presets/default.yaml --frames 36 --size 256 --out out/turntable

A network whose camera has no Position and Target (or that has no camera)
is animated through time instead.
"""

from __future__ import annotations

import argparse
import math
import pathlib
import sys
import time

import ropkit


def orbit_camera(net: ropkit.Network) -> str | None:
    """The node feeding the output's camera input, if it has Position and Target."""
    nodes = net.to_dict()["nodes"]
    inputs = nodes[net.output].get("inputs", {})
    # Inputs are kept by name in a saved network; a hand-written one may list them.
    camera = inputs[1] if isinstance(inputs, list) and len(inputs) > 1 else None
    if isinstance(inputs, dict):
        camera = inputs.get("camera")
    if not camera:
        return None
    params = {p["name"] for p in net.library.rop(nodes[camera]["rop"])["params"]}
    return camera if {"Position", "Target"} <= params else None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("network", nargs="?", default="presets/default.yaml")
    ap.add_argument("--frames", type=int, default=36, help="frames in one turn")
    ap.add_argument("--size", type=int, default=256, help="width and height in pixels")
    ap.add_argument("--out", default="out/turntable", help="folder for frame_0001.png, ...")
    args = ap.parse_args(argv)

    try:
        net = ropkit.Network.load(args.network)
    except ropkit.RopError as e:
        print(e, file=sys.stderr)
        return 1
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    camera = orbit_camera(net)
    if camera:
        px, py, pz = net.get(f"{camera}.Position")
        tx, _, tz = net.get(f"{camera}.Target")
        radius = math.hypot(px - tx, pz - tz)
        start = math.atan2(pz - tz, px - tx)
    else:
        print("no camera with Position and Target: animating time instead")

    started = time.perf_counter()
    for i in range(args.frames):
        if camera:
            angle = start + 2.0 * math.pi * i / args.frames
            position = (tx + radius * math.cos(angle), py, tz + radius * math.sin(angle))
            net.set(f"{camera}.Position", position)
            t = 0.0
        else:
            t = i / 24.0
        try:
            image = net.render(args.size, args.size, time=t)
        except ropkit.RopError as e:
            print(e, file=sys.stderr)
            return 1
        ropkit.save_png(out / f"frame_{i + 1:04d}.png", image)
    elapsed = time.perf_counter() - started

    stats = net.stats
    print(
        f"{args.frames} frames of {args.size}x{args.size} in {out}/ "
        f"({elapsed / max(args.frames, 1) * 1000:.0f} ms a frame on {net.library.adapter}); "
        f"shader builds: {stats['shader_builds']}, parameter updates: {stats['param_updates']}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
