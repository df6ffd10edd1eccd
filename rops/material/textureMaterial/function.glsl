ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  assignMaterial(res, THISMAT);
  return res;
}

vec3 THIS_getColor(vec3 p, MaterialContext matCtx) {
  vec3 n = matCtx.normal;
  vec3 w = pow(abs(n), vec3(THIS_Sharpness));
  w /= max(w.x + w.y + w.z, 1e-6);
  vec3 q = p * THIS_Scale;
  // Explicit level 0: the material runs in non-uniform control flow.
  // Each axis's plane read from the side the surface faces, upright
  // (shaders/uv.glsl).
  vec3 s = vec3(n.x < 0.0 ? -1.0 : 1.0, n.y < 0.0 ? -1.0 : 1.0, n.z < 0.0 ? -1.0 : 1.0);
  vec3 cx = textureLod(THIS_Texture, ropkitImageUV(ropkitFaceUV(q, 0, s.x)), 0.0).rgb;
  vec3 cy = textureLod(THIS_Texture, ropkitImageUV(ropkitFaceUV(q, 1, s.y)), 0.0).rgb;
  vec3 cz = textureLod(THIS_Texture, ropkitImageUV(ropkitFaceUV(q, 2, s.z)), 0.0).rgb;
  // Textures are stored as sRGB and sampled as linear colour already.
  vec3 albedo = (cx * w.x + cy * w.y + cz * w.z) * THIS_Tint;
  return ropkitBlinnPhong(p, matCtx, albedo, vec3(THIS_Specular), THIS_Shininess);
}
