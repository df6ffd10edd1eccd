ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  assignMaterial(res, THISMAT);
#ifdef THIS_LOCAL
  // The colour field reads the hit as this node saw it.
  res.matPos = p;
#endif
  return res;
}

// Oren-Nayar's factor over Lambert for normal n, eye v and light l.
float THIS_factor(vec3 n, vec3 v, vec3 l) {
  float s2 = THIS_Roughness * THIS_Roughness;
  float fa = 1.0 - 0.5 * s2 / (s2 + 0.33);
  float fb = 0.45 * s2 / (s2 + 0.09);
  float ndl = clamp(dot(n, l), 0.0, 1.0);
  float ndv = clamp(dot(n, v), 0.0, 1.0);
  float ti = acos(ndl);
  float tr = acos(ndv);
  // The azimuths of l and v about n, compared through their projections.
  vec3 lp = l - n * dot(n, l);
  vec3 vp = v - n * dot(n, v);
  float lpl = length(lp);
  float vpl = length(vp);
  float cphi = (lpl > 1e-6 && vpl > 1e-6) ? dot(lp, vp) / (lpl * vpl) : 0.0;
  float big = max(ti, tr);
  float small = min(ti, tr);
  return fa + fb * max(cphi, 0.0) * sin(big) * tan(small);
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
  float f = THIS_factor(matCtx.normal, -matCtx.ray.dir, l);
  return col + albedo * ndl * f * THIS_Diffuse * matCtx.light.color * matCtx.shadow;
}
