ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  assignMaterial(res, THISMAT);
  return res;
}

// The colour at a UV, before lighting.
vec3 THIS_albedo(vec2 uv, vec3 p) {
  Context c = ropkitContextAt(p);
#if defined(THIS_HAS_INPUT_2)
  return inputOp2(uv, c).rgb;
#elif defined(THIS_HAS_INPUT_3)
  return mix(THIS_ColorA, THIS_ColorB, clamp(inputOp3(uv, c), 0.0, 1.0));
#else
  // Explicit level 0: the material runs in non-uniform control flow.
  return textureLod(THIS_Texture, ropkitImageUV(uv), 0.0).rgb;
#endif
}

vec3 THIS_getColor(vec3 p, MaterialContext matCtx) {
  vec3 albedo = max(THIS_albedo(matCtx.result.uv, p) * THIS_Tint, vec3(0.0));
  if (!THIS_Lit) return ropkitEmit(matCtx, albedo);
  return ropkitBlinnPhong(p, matCtx, albedo, vec3(THIS_Specular), 32.0);
}
