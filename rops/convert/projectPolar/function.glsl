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
  // Around the circle the map stretches lengths by Radius / r inside it.
  float scale = min(1.0, r / radius);
#if defined(THIS_COORD_TYPE_vec2)
  vec2 q = vec2(arc, r - radius);
#elif defined(THIS_Projection_spherical)
  // Latitude at Radius; the latitude arc stretches by Radius / |p| >= the
  // longitude's Radius / r, which the scale already takes.
  float rho = length(vec2(r, h));
  vec3 q = vec3(arc, atan(h, r) * radius, rho - radius);
#elif defined(THIS_Projection_toroid)
  // Around the tube at Thickness, which stretches by Thickness / (distance
  // from the tube's centre line).
  float thick = max(THIS_Thickness, 1e-4);
  float d0 = r - radius;
  float rho = length(vec2(d0, h));
  vec3 q = vec3(arc, atan(h, d0) * thick, rho - thick);
  scale = min(scale, rho / thick);
#else
  vec3 q = vec3(arc, h, r - radius);
#endif
  ReturnT res = inputOp1(q, ctx);
#if defined(THIS_RETURN_TYPE_Sdf)
  res.x *= scale;
#elif defined(THIS_RETURN_TYPE_float)
  res *= scale;
#endif
  return res;
}
