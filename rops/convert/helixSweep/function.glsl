// The profile on winding k: x out from the helix, y along the axis from the
// winding's height at this angle.
ReturnT THIS_winding(float r, float a, float h, float k, ContextT ctx) {
  return inputOp1(vec2(r - THIS_Radius, h - (a / TAU + k) * THIS_Pitch), ctx);
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
  // Along the circle of radius r the profile coordinate changes by
  // pitch / (2 pi r) per unit: divide by the largest stretch of the map on
  // the way to the surface (which lies near Radius, so outside it the
  // stretch at Radius is the largest).
  float c = pitch / (TAU * max(min(r, THIS_Radius), 1e-3));
  xfSetDist(res, xfDist(res) / sqrt(1.0 + c * c));
  return res;
}
