ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  assignMaterial(res, THISMAT);
  return res;
}

vec3 THIS_getColor(vec3 p, MaterialContext matCtx) {
  return ropkitBlinnPhong(p, matCtx, THIS_Color, THIS_SpecularColor * THIS_Specular, THIS_Shininess);
}
