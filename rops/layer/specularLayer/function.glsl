// The highlight's level for normal n, eye direction v and light direction l
// (unit vectors, towards the eye and the light), by Method.
float THIS_level(vec3 n, vec3 v, vec3 l) {
  vec3 h = normalize(l + v);
  float nh = max(dot(n, h), 0.0);
#if defined(THIS_Method_phong)
  return pow(max(dot(reflect(-l, n), v), 0.0), THIS_Shininess);
#elif defined(THIS_Method_gaussian)
  float w = acos(min(nh, 1.0)) / max(THIS_Shininess, 1e-6);
  return exp(-w * w);
#elif defined(THIS_Method_beckmann) || defined(THIS_Method_cookTorrance)
  // Beckmann's distribution of facet slopes, m the roughness.
  float c2 = max(nh, 1e-4) * max(nh, 1e-4);
  float m2 = max(THIS_Roughness * THIS_Roughness, 1e-6);
  float d = exp((c2 - 1.0) / (c2 * m2)) / (PI * m2 * c2 * c2);
#if defined(THIS_Method_beckmann)
  return d;
#else
  // Cook-Torrance: with masking (G) and a Fresnel fall-off (F).
  float nv = max(dot(n, v), 0.0);
  float nl = max(dot(n, l), 0.0);
  float vh = max(dot(v, h), 1e-6);
  float g = min(1.0, 2.0 * nh * min(nv, nl) / vh);
  float f = pow(1.0 - nv, THIS_Fresnel);
  return g * f * d / max(PI * nv * nl, 1e-6);
#endif
#elif defined(THIS_Method_ggx)
  // GGX (Trowbridge-Reitz) with Schlick's Fresnel from F0 = Fresnel.
  float a2 = pow(THIS_Roughness, 4.0);
  float den = nh * nh * (a2 - 1.0) + 1.0;
  float d = a2 / (PI * den * den);
  float lh = max(dot(l, h), 0.0);
  float f = THIS_Fresnel + (1.0 - THIS_Fresnel) * pow(1.0 - lh, 5.0);
  float k2 = 0.25 * a2;
  return max(dot(n, l), 0.0) * d * f / (lh * lh * (1.0 - k2) + k2);
#else
  return pow(nh, THIS_Shininess);
#endif
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 c = vec3(0.0);
  if (!ctx.light.absent && !ctx.light.ambient) {
    vec3 l = normalize(ctx.light.pos - p);
    float ndl = dot(ctx.normal, l);
    float s = ndl > 0.0 ? THIS_level(ctx.normal, -ctx.ray.dir, l) : 0.0;
    c = THIS_Color * THIS_Strength * s;
    if (THIS_UseLightColor) c *= ctx.light.color;
    if (THIS_Shadows) c *= ctx.shadow;
  }
#ifdef THIS_HAS_INPUT_1
  c += inputOp1(p, ctx).rgb;
#endif
  return vec4(c, 1.0);
}
