ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_float)
  vec2 q = vec2(p, 0.0);
#else
  vec2 q = p;
#endif
#if defined(THIS_Plane_custom)
  vec3 parts = vec3(q, 0.0);
#if defined(THIS_PartX_zero)
  float wx = 0.0;
#else
  float wx = parts.THIS_PartX;
#endif
#if defined(THIS_PartY_zero)
  float wy = 0.0;
#else
  float wy = parts.THIS_PartY;
#endif
#if defined(THIS_PartZ_zero)
  float wz = 0.0;
#else
  float wz = parts.THIS_PartZ;
#endif
  vec3 w = vec3(wx, wy, wz);
#elif defined(THIS_Plane_yx)
  vec3 w = vec3(q.y, q.x, 0.0);
#elif defined(THIS_Plane_yz)
  vec3 w = vec3(0.0, q.x, q.y);
#elif defined(THIS_Plane_zx)
  vec3 w = vec3(q.y, 0.0, q.x);
#elif defined(THIS_Plane_xz)
  vec3 w = vec3(q.x, 0.0, q.y);
#elif defined(THIS_Plane_zy)
  vec3 w = vec3(0.0, q.y, q.x);
#else
  vec3 w = vec3(q, 0.0);
#endif
  return inputOp1(THIS_Origin + w, ctx);
}
