ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  assignMaterial(res, THISMAT);
  return res;
}

vec3 THIS_getColor(vec3 p, MaterialContext matCtx) {
  vec3 col = ropkitDiffuse(p, matCtx, THIS_Color);
  if (!matCtx.light.absent && !matCtx.light.ambient) {
    vec3 l = normalize(matCtx.light.pos - p);
    vec3 h = normalize(l - matCtx.ray.dir);
    float spec = pow(max(dot(matCtx.normal, h), 0.0), THIS_Shininess);
    col += matCtx.light.color * spec * THIS_Specular * matCtx.shadow;
  }
  return col;
}
