// The profile on winding k: x out from the helix, y along the axis from the
// winding's height at this angle.
ReturnT THIS_winding(float r, float a, float h, float k, ContextT ctx) {
  return inputOp1(vec2(r - THIS_Radius, h - (a / TAU + k) * THIS_Pitch), ctx);
}

// A flat end of a finite helix: the profile standing in the half-plane at
// angle 0 (w.x > 0), at height hc. Its distance is the in-plane distance
// outside the profile (0 inside it) combined with the distance across the
// plane: exact for an exact profile. Without it, points just past an end
// see only the winding at their own angle, a turn away, and rays step
// through the flat end.
ReturnT THIS_cap(vec2 w, float h, float hc, ContextT ctx) {
  ReturnT res = inputOp1(vec2(w.x - THIS_Radius, h - hc), ctx);
  float e = max(xfDist(res), 0.0);
  xfSetDist(res, sqrt(e * e + w.y * w.y));
  return res;
}

// From g, the profile's distance within the half-plane through the point,
// a bound on the distance in space. Along the circle of radius r the
// profile's y changes by pitch / (2 pi r) per unit: divided by the largest
// stretch of the map on the way to the surface (which lies near Radius, so
// outside it the stretch at Radius is the largest). That collapses near the
// axis, where soft shadows then saw the helix everywhere (dark specks); but
// a straight path turns less than half a turn about the axis, so the
// profile's coordinates change by at most its length plus pitch / 2, which
// gives a second bound that does not.
float THIS_bound(float g, float r, float pitch) {
  float c = pitch / (TAU * max(min(r, THIS_Radius), 1e-3));
  float d = max(abs(g) / sqrt(1.0 + c * c), abs(g) - 0.5 * pitch);
  return g < 0.0 ? -d : d;
}

ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Axis_x)
  vec2 w = p.zy;
  float h = p.x;
#elif defined(THIS_Axis_z)
  vec2 w = p.xy;
  float h = p.z;
#else
  vec2 w = p.xz;
  float h = p.y;
#endif
  float pitch = max(THIS_Pitch, 1e-4);
  float r = length(w);
  float a = mod(atan(w.y, w.x), TAU);
  // The nearest winding, and the next one on the point's side, so the seam
  // halfway between windings is continuous.
  float f = (h - a / TAU * pitch) / pitch;
  float k0 = floor(f + 0.5);
  float k1 = k0 + (f > k0 ? 1.0 : -1.0);
  if (THIS_Turns > 0) {
    float last = float(THIS_Turns - 1);
    k0 = clamp(k0, 0.0, last);
    k1 = clamp(k1, 0.0, last);
  }
  ReturnT res = THIS_winding(r, a, h, k0, ctx);
  xfUnion(res, THIS_winding(r, a, h, k1, ctx), 0.0);
  xfSetDist(res, THIS_bound(xfDist(res), r, pitch));
  if (THIS_Turns > 0) {
    ReturnT first = THIS_cap(w, h, 0.0, ctx);
    ReturnT last = THIS_cap(w, h, float(THIS_Turns) * pitch, ctx);
    float ends = min(xfDist(first), xfDist(last));
    xfUnion(res, first, 0.0);
    xfUnion(res, last, 0.0);
    // Inside, the flat ends are part of the boundary too.
    xfSetDist(res, max(xfDist(res), -ends));
  }
  return res;
}
