ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 q = p - THIS_Center;
  // The axis, and the ring's plane as (u, v), counter-clockwise seen from
  // the axis's positive end; u is the direction taken on the axis itself.
#if defined(THIS_Axis_x)
  vec3 ax = vec3(1.0, 0.0, 0.0);
  vec3 fallback = vec3(0.0, 1.0, 0.0);
  vec3 v = vec3(0.0, 0.0, 1.0);
#elif defined(THIS_Axis_z)
  vec3 ax = vec3(0.0, 0.0, 1.0);
  vec3 fallback = vec3(1.0, 0.0, 0.0);
  vec3 v = vec3(0.0, 1.0, 0.0);
#else
  vec3 ax = vec3(0.0, 1.0, 0.0);
  vec3 fallback = vec3(1.0, 0.0, 0.0);
  vec3 v = vec3(0.0, 0.0, -1.0);
#endif
  // The point's direction in the ring's plane.
  vec3 inPlane = q - dot(q, ax) * ax;
  vec3 dir = length(inPlane) > 1e-9 ? normalize(inPlane) : fallback;
  if (THIS_Points > 0) {
    // The nearest of Points points spaced evenly from u.
    float step = TAU / float(max(THIS_Points, 1));
    float k = round(atan(dot(dir, v), dot(dir, fallback)) / step);
    dir = cos(k * step) * fallback + sin(k * step) * v;
  }
  vec3 g = THIS_Center + THIS_Radius * dir;
  vec4 pos = vec4(g, 1.0);
#else
  vec2 q = p - THIS_Center.xy;
  vec2 dir = length(q) > 1e-9 ? normalize(q) : vec2(1.0, 0.0);
  if (THIS_Points > 0) {
    float step = TAU / float(max(THIS_Points, 1));
    float k = round(atan(dir.y, dir.x) / step);
    dir = vec2(cos(k * step), sin(k * step));
  }
  vec2 g = THIS_Center.xy + THIS_Radius * dir;
  vec4 pos = vec4(g, 0.0, 1.0);
#endif
#if defined(THIS_RETURN_TYPE_vec4) && defined(THIS_Vec4_vector)
  // From the point to the ring point.
#if defined(THIS_COORD_TYPE_vec3)
  return vec4(g - p, 0.0);
#else
  return vec4(g - p, 0.0, 0.0);
#endif
#elif defined(THIS_RETURN_TYPE_vec4)
  return pos;
#else
  return length(p - g);
#endif
}
