vec4 thismap(vec2 fragCoord, Context unusedCtx) {
  inputOp1_CoordT p = inputOp1_CoordT(fragCoord.x * 0.01 - 0.5);
#if defined(inputOp1_CONTEXT_TYPE_Context)
  Context c = ropkitDefaultContext();
#elif defined(inputOp1_CONTEXT_TYPE_CameraContext)
  CameraContext c = ropkitDefaultCameraContext();
#elif defined(inputOp1_CONTEXT_TYPE_LightContext)
  LightContext c = ropkitDefaultLightContext();
#else
  MaterialContext c = ropkitDefaultMaterialContext();
#endif
  inputOp1_ReturnT r = inputOp1(p, c);
#if defined(inputOp1_RETURN_TYPE_Sdf)
  MaterialContext mc = ropkitDefaultMaterialContext();
  mc.result = r;
  return vec4(ropkitMaterial(vec3(0.0), mc), r.x);
#elif defined(inputOp1_RETURN_TYPE_float)
  return vec4(r);
#elif defined(inputOp1_RETURN_TYPE_vec4)
  return r;
#elif defined(inputOp1_RETURN_TYPE_Ray)
  return vec4(r.dir, 1.0);
#else
  return vec4(r.color, 1.0);
#endif
}
