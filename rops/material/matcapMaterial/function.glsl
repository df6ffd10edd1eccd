// The matcap's colour for the hit: looked up by the normal in view space
// (turned by Rotate about the view axis) in the procedural clay, times
// Level, darkened by the first light's shadow when asked.
vec3 THIS_matcap(vec3 p, MaterialContext matCtx) {
  vec3 n = ropkitViewNormal(matCtx);
  float r = radians(THIS_Rotate);
  n.xy = vec2(cos(r) * n.x - sin(r) * n.y, sin(r) * n.x + cos(r) * n.y);
  vec2 ld2 = clamp(THIS_LightDir, vec2(-1.0), vec2(1.0));
  vec3 l = normalize(vec3(ld2, sqrt(max(1.0 - dot(ld2, ld2), 0.0)) + 0.2));
  float diff = clamp(dot(n, l) * 0.5 + 0.5, 0.0, 1.0);
  if (THIS_Bands > 0.5) diff = floor(diff * THIS_Bands + 0.5) / THIS_Bands;
  vec3 c = mix(THIS_ShadowColor, THIS_Color, diff);
  float spec = pow(max(dot(reflect(-l, n), vec3(0.0, 0.0, 1.0)), 0.0), 24.0);
  float rim = pow(clamp(1.0 - n.z, 0.0, 1.0), 3.0);
  c += THIS_HighlightColor * spec * 0.8 + THIS_RimColor * rim * 0.6;
  c = ropkitToLinear(c);
  c *= THIS_Level;
  if (THIS_Shadows) c *= matCtx.shadow;
  return c;
}

ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  assignMaterial(res, THISMAT);
  return res;
}

vec3 THIS_getColor(vec3 p, MaterialContext matCtx) {
  return ropkitEmit(matCtx, THIS_matcap(p, matCtx));
}
