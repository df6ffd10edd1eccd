ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
#if defined(THIS_Axis_x)
  float d = length(p.yz) - THIS_Radius;
#elif defined(THIS_Axis_z)
  float d = length(p.xy) - THIS_Radius;
#else
  float d = length(p.xz) - THIS_Radius;
#endif
#ifdef THIS_RETURN_TYPE_Sdf
#if defined(ROPKIT_SDF_UV)
  // u: the angle around the axis, 0..1, increasing to the right seen from
  // outside (from the first other axis towards the second: x -> y, z;
  // y -> z, x; z -> x, y; shaders/uv.glsl); v: the height along the axis
  // in world units.
  Sdf res = createSdf(d);
#if defined(THIS_Axis_x)
  vec3 c = p.yzx;
#elif defined(THIS_Axis_z)
  vec3 c = p.xyz;
#else
  vec3 c = p.zxy;
#endif
  res.uv = vec2(atan(c.y, c.x) / TAU + 0.5, c.z);
  return res;
#else
  return createSdf(d);
#endif
#else
  return d;
#endif
}
