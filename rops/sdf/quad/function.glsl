ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Plane_corners)
  float d = rksQuad(p, THIS_A, THIS_B, THIS_C, THIS_D) - THIS_Thickness;
#else
  // The rectangle in the plane's own axes (u, v across it, w out of it).
#if defined(THIS_Plane_xy)
  vec3 q = p.xyz;
#elif defined(THIS_Plane_yz)
  vec3 q = p.yzx;
#else
  vec3 q = p.zxy;
#endif
  vec2 outside = max(abs(q.xy) - 0.5 * max(THIS_Size, vec2(0.0)), vec2(0.0));
  float d = length(vec3(outside, q.z)) - THIS_Thickness;
#endif
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
