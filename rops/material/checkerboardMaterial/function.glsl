ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  assignMaterial(res, THISMAT);
  return res;
}

// Colour B where the sum of the cell indices is odd, Colour A where it is even.
vec3 THIS_albedo(vec3 p) {
  vec3 cell = floor((p - THIS_Offset) / THIS_Size);
#if defined(THIS_Axes_xz)
  cell.y = 0.0;
#elif defined(THIS_Axes_xy)
  cell.z = 0.0;
#elif defined(THIS_Axes_yz)
  cell.x = 0.0;
#endif
  float odd = mod(cell.x + cell.y + cell.z, 2.0);
  return odd > 0.5 ? THIS_ColorB : THIS_ColorA;
}

vec3 THIS_getColor(vec3 p, MaterialContext matCtx) {
  vec3 albedo = THIS_albedo(p);
  if (!THIS_Lit) return ropkitEmit(matCtx, albedo);
  return ropkitDiffuse(p, matCtx, albedo);
}
