ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  assignMaterial(res, THISMAT);
  return res;
}

vec3 THIS_getColor(vec3 p, MaterialContext matCtx) {
  // Beer-Lambert: after a distance d inside, exp(-absorption * d) is left;
  // AbsorbColor is what is left after one unit at Density 1.
  vec3 absorption = -log(clamp(THIS_AbsorbColor, vec3(1e-4), vec3(1.0))) * max(THIS_Density, 0.0);
  ropkitAddTransmission(matCtx, THISMAT, THIS_Tint, THIS_IOR, absorption);
  // Its own colour is only the highlight: what lies behind and around it
  // comes from the renderer's refraction pass.
  return ropkitBlinnPhong(p, matCtx, vec3(0.0), vec3(THIS_Specular), THIS_Shininess);
}
