ReturnT thismap(CoordT p, ContextT ctx) {
  float d = inputOp1(p, ctx).x;
#if defined(THIS_Mode_mask)
  float s = max(THIS_Softness, 0.0);
  float v = s > 0.0 ? 1.0 - smoothstep(-s, s, d) : (d < 0.0 ? 1.0 : 0.0);
#elif defined(THIS_Mode_bands)
  float v = fract(d / max(THIS_Spacing, 1e-6));
#else
  float v = d;
#endif
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
