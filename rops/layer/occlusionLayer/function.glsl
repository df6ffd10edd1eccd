// The occlusion level at the hit: measured against the Shape input along the
// normal when one is wired, else the renderer's.
float THIS_level(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_2
  vec3 n = normalize(ctx.normal);
  float occ = THIS_Occ;
  float weight = THIS_Sca;
  for (int i = 0; i < THIS_Steps; i++) {
    float h = 0.01 + 0.03 * float(i);
    vec3 q = p + n * h;
#ifdef inputOp2_RETURN_TYPE_Sdf
    float d = inputOp2(q, ropkitContextAt(q)).x;
#else
    float d = inputOp2(q, ropkitContextAt(q));
#endif
    occ += (h - d) * weight;
    weight *= 0.95;
  }
  return sqrt(clamp(1.0 - 3.0 * occ, 0.0, 1.0));
#else
  return clamp(ctx.ao, 0.0, 1.0);
#endif
}

ReturnT thismap(CoordT p, ContextT ctx) {
  float level = THIS_level(p, ctx);
  if (THIS_Invert) {
    level = 1.0 - level;
  }
#ifdef THIS_RETURN_TYPE_float
  return level;
#else
  // Once per hit: the call that carries the ambient level, the first light's.
  vec3 c = ctx.ambient > 0.0 ? THIS_Color * level : vec3(0.0);
#ifdef THIS_HAS_INPUT_1
  c += inputOp1(p, ctx).rgb;
#endif
  return vec4(c, 1.0);
#endif
}
