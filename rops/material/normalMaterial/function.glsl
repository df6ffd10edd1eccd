ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  assignMaterial(res, THISMAT);
  return res;
}

vec3 THIS_getColor(vec3 p, MaterialContext matCtx) {
#if defined(THIS_Space_view)
  vec3 n = ropkitViewNormal(matCtx);
#else
  vec3 n = matCtx.normal;
#endif
  vec3 c = ropkitToLinear(n * 0.5 + 0.5);
  if (THIS_Lit) return ropkitDiffuse(p, matCtx, c);
  return ropkitEmit(matCtx, c);
}
