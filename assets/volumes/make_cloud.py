"""Writes cloud.raw: a 40x40x40 volume of u8 densities (x fastest, then y,
then z), a cumulus of a few soft balls with a flat base and some lumps.
Run from this folder: python3 make_cloud.py"""
import math

N = 40
BALLS = [  # centre (0..1 in each axis), radius
    ((0.50, 0.40, 0.50), 0.26),
    ((0.32, 0.52, 0.46), 0.19),
    ((0.66, 0.55, 0.55), 0.17),
    ((0.47, 0.66, 0.44), 0.15),
]


def lumps(x, y, z):
    # A few sines of different directions: small hills on the surface.
    return (math.sin(17.0 * x + 3.0 * z) * math.sin(13.0 * y + 1.0)
            + math.sin(11.0 * z - 7.0 * x + 2.0) * 0.5) * 0.035


def density(x, y, z):
    d = min(math.dist((x, y, z), c) - r for c, r in BALLS) + lumps(x, y, z)
    d = max(d, 0.28 - y)  # a flat base
    # 1 well inside, 0 outside, smooth across a band at the surface.
    t = min(max(-d / 0.08, 0.0), 1.0)
    return t * t * (3.0 - 2.0 * t)


out = bytearray()
for k in range(N):
    for j in range(N):
        for i in range(N):
            c = [(v + 0.5) / N for v in (i, j, k)]
            out.append(round(255 * density(*c)))
with open("cloud.raw", "wb") as f:
    f.write(out)
