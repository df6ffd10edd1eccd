ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  assignMaterial(res, THISMAT);
  return res;
}

// The share of light the surface mirrors at this hit (before the tint).
float THIS_reflectivity(MaterialContext matCtx) {
  float r = clamp(THIS_Reflectivity, 0.0, 1.0);
  float cosTheta = clamp(dot(matCtx.normal, -matCtx.ray.dir), 0.0, 1.0);
  float grazing = pow(1.0 - cosTheta, 5.0);
  return mix(r, r + (1.0 - r) * grazing, clamp(THIS_Fresnel, 0.0, 1.0));
}

vec3 THIS_getColor(vec3 p, MaterialContext matCtx) {
  matCtx.shadow = THIS_EnableShadow ? matCtx.shadow : 1.0;
  float r = THIS_reflectivity(matCtx);
  // The tint colours what is mirrored; the rest shows the base colour.
  ropkitAddReflection(matCtx, THISMAT, r * clamp(THIS_Tint, 0.0, 1.0));
  return ropkitBlinnPhong(p, matCtx, THIS_Color * (1.0 - r), vec3(THIS_Specular), THIS_Shininess);
}
