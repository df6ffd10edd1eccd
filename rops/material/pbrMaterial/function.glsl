ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  assignMaterial(res, THISMAT);
#if defined(THIS_LOCAL)
  // The parameters' fields read the hit as this node saw it.
  res.matPos = p;
#endif
  return res;
}

#if defined(THIS_HAS_INPUT_2) || defined(THIS_HAS_INPUT_3) || defined(THIS_HAS_INPUT_4)
#define THIS_IBL
// The environment's light from direction l for the diffuse lobe (the
// irradiance input, else the environment) and for the specular lobe (the
// reflectance input, else the environment); none where neither is wired.
vec3 THIS_envLight(vec3 l, bool diffuse) {
#if defined(THIS_HAS_INPUT_3) && defined(THIS_HAS_INPUT_4)
  return diffuse ? inputOp3(l, ropkitDefaultContext()).rgb : inputOp4(l, ropkitDefaultContext()).rgb;
#elif defined(THIS_HAS_INPUT_3) && defined(THIS_HAS_INPUT_2)
  return diffuse ? inputOp3(l, ropkitDefaultContext()).rgb : inputOp2(l, ropkitDefaultContext()).rgb;
#elif defined(THIS_HAS_INPUT_4) && defined(THIS_HAS_INPUT_2)
  return diffuse ? inputOp2(l, ropkitDefaultContext()).rgb : inputOp4(l, ropkitDefaultContext()).rgb;
#elif defined(THIS_HAS_INPUT_3)
  return diffuse ? inputOp3(l, ropkitDefaultContext()).rgb : vec3(0.0);
#elif defined(THIS_HAS_INPUT_4)
  return diffuse ? vec3(0.0) : inputOp4(l, ropkitDefaultContext()).rgb;
#else
  return inputOp2(l, ropkitDefaultContext()).rgb;
#endif
}

// The light of the environment (input 2) that the surface at p sends along
// the view ray, as glTF's metallic-roughness model has it: a mix, by
// Metallic, of a dielectric (a GGX specular with F0 = 0.04 over a Lambert
// diffuse of BaseColor) and a metal (a GGX specular with F0 = BaseColor).
// Specular: Samples GGX half vectors h drawn from the microfacets visible
// from v, each giving a direction l = reflect(-v, h) whose estimator weight
// for the lobe without Fresnel is w = G1(l); the mean of w is the lobe's
// directional albedo E (what it returns of a white sky, below 1 on rough
// surfaces), and scaling by 1 + F0 (1 / E - 1) adds back the light that
// bounces more than once between microfacets (Kulla-Conty, in Turquin's
// form). Diffuse: Samples cosine-weighted directions about the normal,
// times what the dielectric's specular, compensated alike, leaves of the
// light (1 - its mean of w F). Both point sets are one stratified set
// turned about the normal by an angle hashed from p, so the error of a few
// samples is fine noise rather than a pattern that follows the surface (the
// same set at every pixel gives ghosts of bright spots, and teeth where the
// frame turns fast, about the poles of its up vector). Each read is
// as blurred as the solid angle its sample stands for, 1 / (Samples pdf).
// Samples 1 reads once along the mirror direction and once along the
// normal, unturned.
vec3 THIS_environment(vec3 p, MaterialContext m, vec3 base, float roughness, float metallic) {
  float mt = clamp(metallic, 0.0, 1.0);
  float a = clamp(roughness, 0.03, 1.0);
  a *= a;
  float a2 = a * a;
  vec3 n = m.normal;
  vec3 v = -m.ray.dir;
  float ndv = clamp(dot(n, v), 1e-4, 1.0);
  mat3 tangentFrame = ropkitIblFrame(n);
  // v in the frame, kept above the surface (a normal from finite
  // differences may face slightly away from the ray at the silhouette).
  vec3 vt = v * tangentFrame;
  vt = normalize(vec3(vt.xy, max(vt.z, 1e-4)));
  vec4 shift = THIS_Samples > 1 ? ropkitIblShift(p) : vec4(0.0);
  float g1v = ropkitSmithG1(ndv, a2);
  vec3 specMetal = vec3(0.0);
  vec3 specGloss = vec3(0.0);
  float glossShare = 0.0;
  float lobeAlbedo = 0.0;
  vec3 diffuseSum = vec3(0.0);
  float sampleCount = float(THIS_Samples);
  // One loop and one call of the environment, for both lobes.
  for (int i = 0; i < 2 * THIS_Samples; i++) {
    bool isDiffuse = i >= THIS_Samples;
    vec2 xi = ropkitIblPoint(isDiffuse ? i - THIS_Samples : i, THIS_Samples);
    if (THIS_Samples > 1) {
      // Turned about the normal by this pixel's angle; y at the middle of
      // its stratum (so no draw lands in the far tail of the lobe, where one
      // sample would stand for a wide, blurred share of the sky).
      xi = vec2(fract(xi.x + (isDiffuse ? shift.z : shift.x)), xi.y + 0.5 / sampleCount);
    }
    vec3 l;
    float pdf;
    float w = 0.0;
    float vdh = 1.0;
    if (isDiffuse) {
      vec3 c = ropkitCosineDir(xi);
      l = tangentFrame * c;
      pdf = max(c.z, 1e-4) / PI;
    } else {
      vec3 h = THIS_Samples > 1 ? tangentFrame * ropkitGgxVisibleHalf(vt, a, xi) : n;
      vdh = max(dot(v, h), 0.0);
      l = 2.0 * vdh * h - v;
      float ndl = dot(n, l);
      if (ndl <= 0.0 || vdh <= 0.0) {
        continue;
      }
      float ndh = max(dot(n, h), 1e-4);
      float den = ndh * ndh * (a2 - 1.0) + 1.0;
      pdf = g1v * a2 / (PI * den * den) / (4.0 * ndv);
      w = ropkitSmithG1(ndl, a2);
    }
    ropkitEnvFootprint = min(1.0 / (sampleCount * max(pdf, 1e-8)), 4.0 * PI);
    vec3 light = THIS_envLight(l, isDiffuse);
    if (isDiffuse) {
      diffuseSum += light;
    } else {
      float fd = ropkitFresnel(vdh, vec3(0.04)).x;
      specMetal += light * w * ropkitFresnel(vdh, base);
      specGloss += light * w * fd;
      glossShare += w * fd;
      lobeAlbedo += w;
    }
  }
  ropkitEnvFootprint = 0.0;
  float lostShare = 1.0 / max(lobeAlbedo / sampleCount, 1e-3) - 1.0;
  specMetal *= (1.0 + base * lostShare) / sampleCount;
  float dielectricGain = (1.0 + 0.04 * lostShare) / sampleCount;
  specGloss *= dielectricGain;
  diffuseSum *= base * max(1.0 - glossShare * dielectricGain, 0.0) / sampleCount;
  return mix(specGloss + diffuseSum, specMetal, mt) * m.ao;
}
#endif
vec3 THIS_getColor(vec3 p, MaterialContext matCtx) {
#ifdef THIS_LOCAL
  // The parameters' fields at the hit in the shape's own space.
  vec3 q = matCtx.result.matPos;
  Context fc = ropkitContextAt(q);
  vec3 base = THIS_BaseColor_at(q, fc) * THIS_Albedo;
  float rough = THIS_Roughness_at(q, fc);
  float metal = THIS_Metallic_at(q, fc);
#else
  vec3 base = THIS_BaseColor * THIS_Albedo;
  float rough = THIS_Roughness;
  float metal = THIS_Metallic;
#endif
  if (!THIS_Shadows) matCtx.shadow = 1.0;
#ifdef THIS_IBL
  // The environment takes the place of the flat ambient term, once per hit.
  MaterialContext lit = matCtx;
  lit.ambient = 0.0;
  vec3 col = ropkitPbr(p, lit, base, rough, metal);
  if (ropkitFirstLight) {
    col += THIS_environment(p, matCtx, base, rough, metal);
  }
  return col;
#else
  return ropkitPbr(p, matCtx, base, rough, metal);
#endif
}
