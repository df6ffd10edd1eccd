ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  float d = res.x - THIS_Offset;
  float s = max(THIS_Softness, 0.0);
  // 1 where e < 0 to 0 where e > 0, blended across -Softness..Softness.
#define THIS_BELOW(e) (s > 0.0 ? 1.0 - smoothstep(-s, s, e) : ((e) < 0.0 ? 1.0 : 0.0))
#if defined(THIS_Mode_mask)
  float v = THIS_BELOW(d);
#elif defined(THIS_Mode_outside)
  float v = 1.0 - THIS_BELOW(d);
#elif defined(THIS_Mode_surface) || defined(THIS_Mode_surfaceInside) || defined(THIS_Mode_surfaceOutside)
  // A band Thickness wide centred on the surface.
  float v = THIS_BELOW(abs(d) - 0.5 * THIS_Thickness);
#if defined(THIS_Mode_surfaceInside)
  v *= d < 0.0 ? 1.0 : 0.0;
#elif defined(THIS_Mode_surfaceOutside)
  v *= d > 0.0 ? 1.0 : 0.0;
#endif
#elif defined(THIS_Mode_bands)
  float v = fract(d / max(THIS_Spacing, 1e-6));
#else
  float v = d;
#endif
#if defined(THIS_Mode_uv) && defined(ROPKIT_SDF_UV)
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(res.uv, 0.0, 1.0);
#else
  return res.uv.x;
#endif
#elif defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
