// The point's coordinates across a plane: x -> (z, y), y -> (x, z), z -> (x, y),
// the same faces as box's UVs.
vec2 THIS_planar(vec3 q, int axis) {
  if (axis == 0) return q.zy;
  if (axis == 1) return q.xz;
  return q.xy;
}

ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  vec3 q = p - THIS_Center;
#if defined(THIS_Axis_x)
  vec3 c = q.yzx;
  int axis = 0;
#elif defined(THIS_Axis_z)
  vec3 c = q.xyz;
  int axis = 2;
#else
  vec3 c = q.xzy;
  int axis = 1;
#endif
#if defined(THIS_Projection_triplanar)
  // The normal from the input's gradient, only near the surface (where a
  // material reads the UV): four more evaluations there, none elsewhere.
  if (abs(res.x) < 0.05) {
    const float h = 1e-3;
    vec2 k = vec2(1.0, -1.0);
    vec3 g = k.xyy * inputOp1(p + k.xyy * h, ctx).x + k.yyx * inputOp1(p + k.yyx * h, ctx).x
           + k.yxy * inputOp1(p + k.yxy * h, ctx).x + k.xxx * inputOp1(p + k.xxx * h, ctx).x;
    vec3 a = abs(g);
    axis = (a.x >= a.y && a.x >= a.z) ? 0 : (a.y >= a.z ? 1 : 2);
  }
  res.uv = THIS_planar(q, axis) * THIS_Scale;
#elif defined(THIS_Projection_spherical)
  float r = max(length(q), 1e-9);
  res.uv = vec2(atan(c.y, c.x) / TAU + 0.5, acos(clamp(c.z / r, -1.0, 1.0)) / PI);
#elif defined(THIS_Projection_cylindrical)
  res.uv = vec2(atan(c.y, c.x) / TAU + 0.5, c.z * THIS_Scale);
#else
  res.uv = THIS_planar(q, axis) * THIS_Scale;
#endif
  return res;
}
