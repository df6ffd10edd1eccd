ReturnT thismap(CoordT p, ContextT ctx) {
  float radius = max(THIS_Radius, 1e-4);
#if defined(THIS_COORD_TYPE_vec2)
  vec2 w = p;
#elif defined(THIS_Axis_x)
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
  float arc = atan(w.y, w.x) * radius;
#if defined(THIS_COORD_TYPE_vec2)
  vec2 q = vec2(arc, r - radius);
#else
  vec3 q = vec3(arc, h, r - radius);
#endif
  ReturnT res = inputOp1(q, ctx);
  // Around the circle the map stretches lengths by Radius / r inside it.
#if defined(THIS_RETURN_TYPE_Sdf)
  res.x *= min(1.0, r / radius);
#elif defined(THIS_RETURN_TYPE_float)
  res *= min(1.0, r / radius);
#endif
  return res;
}
