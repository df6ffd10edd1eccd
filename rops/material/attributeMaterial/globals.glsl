// The hit's attribute (THIS_ATTR, the Sdf field its name was given) as a colour.
vec3 THIS_getColor(vec3 p, MaterialContext matCtx) {
  vec4 a = matCtx.result.THIS_ATTR;
#if defined(THIS_Type_vec3) || defined(THIS_Type_vec4)
  vec3 albedo = a.rgb;
#else
  vec3 albedo = mix(THIS_ColorA, THIS_ColorB, clamp(a.x, 0.0, 1.0));
#endif
  albedo = max(albedo, vec3(0.0));
  if (!THIS_Lit) return ropkitEmit(matCtx, albedo);
  return ropkitBlinnPhong(p, matCtx, albedo, vec3(THIS_Specular), 32.0);
}
