ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  assignMaterial(res, THISMAT);
  return res;
}

vec3 THIS_getColor(vec3 p, MaterialContext matCtx) {
  if (!THIS_Shadows) matCtx.shadow = 1.0;
  vec3 col = ropkitBlinnPhong(p, matCtx, THIS_Color, THIS_SpecularColor * THIS_Specular, THIS_Shininess);
#ifdef ROPKIT_FIRST_LIGHT
  if (ropkitFirstLight) col += THIS_AmbientColor;
#endif
  return col;
}
