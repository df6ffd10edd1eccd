ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  assignMaterial(res, THISMAT);
#ifdef ROPKIT_SDF_ITERATION
  res.iteration = ctx.iteration;
#endif
#ifdef ROPKIT_SDF_MATPOS
  res.matPos = p;
#endif
  return res;
}

vec3 THIS_getColor(vec3 p, MaterialContext matCtx) {
#if defined(THIS_Space_object)
  // The fields see the point in the shape's own space; the lighting below
  // the world point.
  vec3 THIS_worldPoint = p;
  p = matCtx.result.matPos;
#endif
#ifdef ROPKIT_SDF_ITERATION
  Context c = Context(matCtx.result.iteration, p);
#else
  Context c = ropkitContextAt(p);
#endif
#if defined(THIS_HAS_INPUT_2)
  vec3 albedo = inputOp2(p, c).rgb;
#elif defined(THIS_HAS_INPUT_3)
  vec3 albedo = mix(THIS_ColorA, THIS_ColorB, clamp(inputOp3(p, c), 0.0, 1.0));
#else
  vec3 albedo = THIS_ColorA;
#endif
#if defined(THIS_HAS_INPUT_2) && defined(THIS_HAS_INPUT_3)
  albedo *= clamp(inputOp3(p, c), 0.0, 1.0);
#endif
  albedo = max(albedo, vec3(0.0));
#if defined(THIS_Space_object)
  p = THIS_worldPoint;
#endif
  if (!THIS_Lit) return ropkitEmit(matCtx, albedo);
  return ropkitBlinnPhong(p, matCtx, albedo, vec3(THIS_Specular), 32.0);
}
