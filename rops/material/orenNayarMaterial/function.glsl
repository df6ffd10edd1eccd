ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  assignMaterial(res, THISMAT);
#ifdef THIS_LOCAL
  // The colour field reads the hit as this node saw it.
  res.matPos = p;
#endif
  return res;
}

vec3 THIS_getColor(vec3 p, MaterialContext matCtx) {
  vec3 albedo = THIS_Color * THIS_Albedo;
#ifdef THIS_LOCAL
  vec3 q = matCtx.result.matPos;
#else
  vec3 q = p;
#endif
#ifdef THIS_HAS_INPUT_2
#ifdef inputOp2_RETURN_TYPE_vec4
  albedo *= max(inputOp2(q, ropkitContextAt(q)).rgb, vec3(0.0));
#else
  albedo *= max(inputOp2(q, ropkitContextAt(q)), 0.0);
#endif
#endif
  if (!THIS_Shadows) matCtx.shadow = 1.0;
  vec3 col = albedo * matCtx.ambient * matCtx.ao;
  if (matCtx.light.absent) return col;
  if (matCtx.light.ambient) return col + albedo * matCtx.light.color * matCtx.ao;
  vec3 l = normalize(matCtx.light.pos - p);
  float ndl = max(dot(matCtx.normal, l), 0.0);
  if (ndl <= 0.0) return col;
  float f = ropkitOrenNayar(matCtx.normal, -matCtx.ray.dir, l, THIS_Roughness);
  return col + albedo * ndl * f * THIS_Diffuse * matCtx.light.color * matCtx.shadow;
}
