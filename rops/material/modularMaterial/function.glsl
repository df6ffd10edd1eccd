ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  assignMaterial(res, THISMAT);
  return res;
}

vec3 THIS_getColor(vec3 p, MaterialContext matCtx) {
#ifdef ROPKIT_LAYER_MATERIAL
  ropkitLayerMaterial = THISMAT;
#endif
  vec3 col = THIS_Base * ropkitDiffuse(p, matCtx, THIS_BaseColor);
#ifdef THIS_HAS_INPUT_2
  col += inputOp2(p, matCtx).rgb;
#endif
#ifdef THIS_HAS_INPUT_3
  col += inputOp3(p, matCtx).rgb;
#endif
#ifdef THIS_HAS_INPUT_4
  col += inputOp4(p, matCtx).rgb;
#endif
  return max(col, vec3(0.0));
}
