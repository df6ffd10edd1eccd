ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  assignMaterial(res, THISMAT);
  return res;
}

// The GGX specular term D G F / (4 n.l n.v), times pi (ropkit's lights
// carry irradiance over pi, so Lambert is albedo * n.l * light).
float THIS_ggx(vec3 n, vec3 v, vec3 l) {
  float ndl = max(dot(n, l), 0.0);
  float ndv = max(dot(n, v), 1e-4);
  vec3 h = normalize(l + v);
  float ndh = max(dot(n, h), 0.0);
  float alpha = THIS_Roughness * THIS_Roughness;
  float a2 = alpha * alpha;
  float den = ndh * ndh * (a2 - 1.0) + 1.0;
  float dTerm = a2 / (PI * den * den);
  float k = alpha * 0.5;
  float gTerm = (ndl / (ndl * (1.0 - k) + k)) * (ndv / (ndv * (1.0 - k) + k));
  float fTerm = THIS_Fresnel + (1.0 - THIS_Fresnel) * pow(clamp(1.0 - dot(h, v), 0.0, 1.0), 5.0);
  return PI * dTerm * gTerm * fTerm / (4.0 * max(ndl, 1e-4) * ndv);
}

vec3 THIS_getColor(vec3 p, MaterialContext matCtx) {
  vec3 albedo = THIS_BaseColor * THIS_Diffuse;
  vec3 col = albedo * matCtx.ambient * matCtx.ao;
  if (matCtx.light.absent) return col;
  if (matCtx.light.ambient) return col + albedo * matCtx.light.color * matCtx.ao;
  vec3 l = normalize(matCtx.light.pos - p);
  float ndl = max(dot(matCtx.normal, l), 0.0);
  if (ndl <= 0.0) return col;
  float spec = THIS_Specular * THIS_ggx(matCtx.normal, -matCtx.ray.dir, l);
  return col + (albedo + vec3(spec)) * ndl * matCtx.light.color * matCtx.shadow;
}
