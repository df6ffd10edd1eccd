#!/usr/bin/env python3
"""Writes scatter1000.csv: 1,000 instances for presets/instancesCsv.yaml.

The points lie on a Fibonacci sphere of radius 2 (even spacing, no
clumps), pushed in and out by a slow wave; each has a scale that follows
the wave, a rotation that turns with its longitude and latitude, and a
colour from a warm-to-cool ramp by height. Deterministic: running it again
writes the same file.

    python3 assets/instances/make_scatter.py
"""
import math
import os

N = 1000
HERE = os.path.dirname(os.path.abspath(__file__))


def ramp(t):
    """A colour from deep blue (t = 0) through teal to orange (t = 1)."""
    stops = [(0.10, 0.18, 0.55), (0.10, 0.65, 0.60), (0.95, 0.85, 0.35), (0.95, 0.35, 0.15)]
    t = min(max(t, 0.0), 1.0) * (len(stops) - 1)
    i = min(int(t), len(stops) - 2)
    f = t - i
    return [a + (b - a) * f for a, b in zip(stops[i], stops[i + 1])]


def main():
    golden = math.pi * (3.0 - math.sqrt(5.0))
    rows = ["x,y,z,scale,rx,ry,rz,r,g,b"]
    for i in range(N):
        y = 1.0 - 2.0 * (i + 0.5) / N
        ring = math.sqrt(1.0 - y * y)
        lon = golden * i
        x, z = math.cos(lon) * ring, math.sin(lon) * ring
        wave = 0.5 + 0.5 * math.sin(3.0 * lon + 4.0 * y)
        radius = 2.0 + 0.25 * wave
        scale = 0.6 + 0.8 * wave
        rx = math.degrees(math.asin(y))
        ry = -math.degrees(lon) % 360.0
        rz = 45.0 * wave
        r, g, b = ramp(0.5 + 0.5 * y)
        rows.append(
            ",".join(
                f"{v:.4f}"
                for v in (x * radius, y * radius, z * radius, scale, rx, ry, rz, r, g, b)
            )
        )
    with open(os.path.join(HERE, "scatter1000.csv"), "w", newline="\n") as f:
        f.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
