// Distance from a point at angular gap `gap` (0..pi) and radius r to the half
// plane of an end face, through the axis.
float THIS_toHalfPlane(float r, float gap) {
  return gap < 0.5 * PI ? r * sin(gap) : r;
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
  float r = length(w);
  float span = radians(clamp(THIS_Angle, 0.0, 360.0));
  float a = mod(atan(w.y, w.x) - radians(THIS_Start), TAU);
  if (a <= span) {
    // Within the sector the nearest point of the whole solid of revolution
    // lies at the same angle; inside, an end face may be nearer.
    ReturnT res = inputOp1(vec2(r - THIS_Offset, h), ctx);
    if (xfDist(res) < 0.0 && span < TAU - 1e-5) {
      float toEnd = min(THIS_toHalfPlane(r, a), THIS_toHalfPlane(r, span - a));
      xfSetDist(res, max(xfDist(res), -toEnd));
    }
    return res;
  }
  // Outside it the nearest point lies on the end face nearest in angle: the
  // profile lying in that face's half plane, seen from the point's projection.
  float gap = min(a - span, TAU - a);
  ReturnT res = inputOp1(vec2(r * cos(gap) - THIS_Offset, h), ctx);
  xfSetDist(res, length(vec2(max(xfDist(res), 0.0), r * sin(gap))));
  return res;
}
