ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
  // Around the axis, right-handed (x: from y towards z, y: from z towards
  // x, z: from x towards y).
#if defined(THIS_Axis_x)
  vec3 c = p.yzx;
#elif defined(THIS_Axis_z)
  vec3 c = p.xyz;
#else
  vec3 c = p.zxy;
#endif
  float THIS_u = atan(c.y, c.x) / TAU + 0.5;
#if defined(THIS_Type_vec4)
  vec4 previous = THIS_VAR;
  THIS_VAR = vec4(360.0 * THIS_u, THIS_u, 0.0, 0.0);
#else
  float previous = THIS_VAR;
  THIS_VAR = THIS_u;
#endif
#if defined(THIS_Axis_x)
  vec2 q = vec2(length(p.yz) - THIS_Radius_at(p, ctx), p.x);
#elif defined(THIS_Axis_z)
  vec2 q = vec2(length(p.xy) - THIS_Radius_at(p, ctx), p.z);
#else
  vec2 q = vec2(length(p.xz) - THIS_Radius_at(p, ctx), p.y);
#endif
  float d = length(q) - THIS_Thickness_at(p, ctx);
  THIS_VAR = previous;
#ifdef THIS_RETURN_TYPE_Sdf
#if defined(ROPKIT_SDF_UV)
  // u: the angle around the ring's axis, 0..1 (as in cylinder); v: the
  // angle around the tube, 0..1, starting at its outer equator and rising
  // towards the axis's positive side.
  Sdf res = createSdf(d);
  res.uv = vec2(THIS_u, fract(atan(q.y, q.x) / TAU + 1.0));
  return res;
#else
  return createSdf(d);
#endif
#else
  return d;
#endif
}
