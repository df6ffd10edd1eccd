ReturnT thismap(CoordT p, ContextT ctx) {
  float s = THIS_AngleScale;
#if defined(THIS_COORD_TYPE_vec2)
  vec2 d = p - THIS_Center.xy;
  CoordT q = vec2(length(d), atan(d.y, d.x) * s);
#elif defined(THIS_Conversion_spherical)
  vec3 d = p - THIS_Center;
  float r = length(d);
  CoordT q = vec3(r, acos(clamp(d.y / max(r, 1e-9), -1.0, 1.0)) * s, atan(d.z, d.x) * s);
#else
  vec3 d = p - THIS_Center;
  vec2 w = dmPlane(d, THIS_AXIS);
  CoordT q = vec3(length(w), dmAlong(d, THIS_AXIS), atan(w.y, w.x) * s);
#endif
  return inputOp1(q, ctx);
}
