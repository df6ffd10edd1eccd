// Every projection follows shaders/uv.glsl's convention: seen from outside
// (or, for planar, from the axis's positive side), u runs right and v up.
ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  vec3 q = p - THIS_Center;
#if defined(THIS_Axis_x)
  int axis = 0;
#elif defined(THIS_Axis_z)
  int axis = 2;
#else
  int axis = 1;
#endif
#if defined(THIS_Projection_triplanar)
  // The normal from the input's gradient, only near the surface (where a
  // material reads the UV): four more evaluations there, none elsewhere.
  // Each face is read from its own outside.
  float side = 1.0;
  if (abs(res.x) < 0.05) {
    const float h = 1e-3;
    vec2 k = vec2(1.0, -1.0);
    vec3 g = k.xyy * inputOp1(p + k.xyy * h, ctx).x + k.yyx * inputOp1(p + k.yyx * h, ctx).x
           + k.yxy * inputOp1(p + k.yxy * h, ctx).x + k.xxx * inputOp1(p + k.xxx * h, ctx).x;
    vec3 a = abs(g);
    axis = (a.x >= a.y && a.x >= a.z) ? 0 : (a.y >= a.z ? 1 : 2);
    float ga = axis == 0 ? g.x : (axis == 1 ? g.y : g.z);
    side = ga < 0.0 ? -1.0 : 1.0;
  }
  res.uv = ropkitFaceUV(q, axis, side) * THIS_Scale;
#elif defined(THIS_Projection_spherical)
  vec3 c = ropkitPoleFrame(q, axis);
  float r = max(length(q), 1e-9);
  res.uv = vec2(ropkitLongitude(c), 1.0 - acos(clamp(c.z / r, -1.0, 1.0)) / PI);
#elif defined(THIS_Projection_cylindrical)
  vec3 c = ropkitPoleFrame(q, axis);
  res.uv = vec2(ropkitLongitude(c), c.z * THIS_Scale);
#else
  res.uv = ropkitFaceUV(q, axis, 1.0) * THIS_Scale;
#endif
  return res;
}
