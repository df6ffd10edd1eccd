#!/usr/bin/env python3
"""Writes assets/studio.hdr: a small equirectangular studio environment
(Radiance RGBE, run-length encoded), 256x128 texels.

Every texel is a formula of its direction, so tests can tell what any
direction should see. Texel (i, j), counted from the left and from the top,
looks along
    phi   = ((i + 0.5) / 256 - 0.5) * 2 pi      (turns about +y; 0 looks down -z)
    theta = (j + 0.5) / 128 * pi                 (from straight up)
    d     = (sin(theta) sin(phi), cos(theta), -sin(theta) cos(phi)),
the same mapping environmentMap reads (u = atan(d.x, -d.z) / 2pi + 0.5,
v = acos(d.y) / pi). With elevation e = 90 deg - theta, in degrees:
    ground (e < 0):                      (0.20, 0.17, 0.14)
    sky (e >= 0):                        H + (Z - H) * sqrt(sin e),
                                         H = (0.90, 0.85, 0.80), Z = (0.25, 0.40, 0.80)
    key soft box (40 <= phi <= 80, 15 <= e <= 45):     (6.0, 6.0, 5.6)
    fill soft box (-120 <= phi <= -80, 5 <= e <= 30):  (1.5, 1.7, 2.0)
    sun disc (within 3 deg of e = 50, phi = 150):      (300, 270, 225)
(phi in degrees, -180..180). Later rows of the list win where they overlap.

Run: python3 tools/make_studio_hdr.py  (from the repository root).
"""
import math
import os

W, H = 256, 128
GROUND = (0.20, 0.17, 0.14)
HORIZON = (0.90, 0.85, 0.80)
ZENITH = (0.25, 0.40, 0.80)
KEY = (6.0, 6.0, 5.6)
FILL = (1.5, 1.7, 2.0)
SUN = (300.0, 270.0, 225.0)
SUN_E, SUN_PHI, SUN_RADIUS = 50.0, 150.0, 3.0


def direction(phi_deg, e_deg):
    phi, e = math.radians(phi_deg), math.radians(e_deg)
    return (math.cos(e) * math.sin(phi), math.sin(e), -math.cos(e) * math.cos(phi))


def radiance(i, j):
    phi = ((i + 0.5) / W - 0.5) * 360.0
    e = 90.0 - (j + 0.5) / H * 180.0
    if e < 0.0:
        c = GROUND
    else:
        t = math.sqrt(math.sin(math.radians(e)))
        c = tuple(h + (z - h) * t for h, z in zip(HORIZON, ZENITH))
    if 40.0 <= phi <= 80.0 and 15.0 <= e <= 45.0:
        c = KEY
    if -120.0 <= phi <= -80.0 and 5.0 <= e <= 30.0:
        c = FILL
    d = direction(phi, e)
    s = direction(SUN_PHI, SUN_E)
    cos_a = max(-1.0, min(1.0, sum(a * b for a, b in zip(d, s))))
    if math.degrees(math.acos(cos_a)) <= SUN_RADIUS:
        c = SUN
    return c


def rgbe(c):
    m = max(c)
    if m < 1e-32:
        return (0, 0, 0, 0)
    mant, exp = math.frexp(m)
    scale = mant * 256.0 / m
    return tuple(min(255, int(x * scale)) for x in c) + (exp + 128,)


def rle(channel):
    """Radiance's run-length code for one channel of one scanline."""
    out = bytearray()
    i, n = 0, len(channel)
    while i < n:
        run = 1
        while i + run < n and run < 127 and channel[i + run] == channel[i]:
            run += 1
        if run >= 3:
            out += bytes((128 + run, channel[i]))
            i += run
            continue
        start = i
        while i < n and i - start < 128:
            if i + 2 < n and channel[i] == channel[i + 1] == channel[i + 2]:
                break
            i += 1
        out += bytes((i - start,)) + bytes(channel[start:i])
    return out


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    data = bytearray(b"#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n")
    data += b"-Y %d +X %d\n" % (H, W)
    for j in range(H):
        texels = [rgbe(radiance(i, j)) for i in range(W)]
        data += bytes((2, 2, W >> 8, W & 0xFF))
        for ch in range(4):
            data += rle([t[ch] for t in texels])
    path = os.path.join(root, "assets", "studio.hdr")
    with open(path, "wb") as f:
        f.write(data)
    print(f"{path}: {len(data)} bytes")


if __name__ == "__main__":
    main()
