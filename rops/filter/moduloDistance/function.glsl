ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec2)
  CoordT c = THIS_Center.xy;
#else
  CoordT c = THIS_Center;
#endif
  CoordT d = p - c;
#ifdef THIS_AXIAL
  // Cylindrical: the distance from the axis; the part along it stays.
  vec3 along = THIS_AXIS_DIR * dot(d, THIS_AXIS_DIR);
  d -= along;
#endif
  float r = length(d);
  float s = max(THIS_Spacing, 1e-4);
  float k = floor(r / s);
  if (THIS_Count > 0) {
    k = min(k, float(THIS_Count - 1));
  }
  float u = r - k * s;
  if (THIS_Mirror && mod(k, 2.0) >= 1.0) {
    u = s - u;
  }
  CoordT q = c + (r > 1e-9 ? d * (u / r) : d);
#ifdef THIS_AXIAL
  q += along;
#endif
#if defined(THIS_CONTEXT_TYPE_Context)
  if (THIS_Iterate) {
    ctx.iteration = vec4(k, float(THIS_Count), 0.0, 0.0);
  }
#endif
  return inputOp1(q, ctx);
}
