// The output's first input evaluated at one point q, as (value, material
// id, material2, blend) for an Sdf, (value, 0, 0, 0) for a float, the
// colour for a vec4, (direction, 0) for a Ray and (colour, 0) for a Light.
// Shared by the entries that evaluate a scene rather than draw it
// (templates/sample.glsl and templates/mesh.glsl); the ROPKIT_SAMPLE_*
// macros name the function and its types.
vec4 ropkitSampleAt(vec4 q) {
#if defined(ROPKIT_SAMPLE_COORD_vec3)
  vec3 p = q.xyz;
#elif defined(ROPKIT_SAMPLE_COORD_vec2)
  vec2 p = q.xy;
#else
  float p = q.x;
#endif
#if defined(ROPKIT_SAMPLE_CONTEXT_Context)
  Context ctx = ropkitContextAt(q.xyz);
#elif defined(ROPKIT_SAMPLE_CONTEXT_CameraContext)
  CameraContext ctx = ropkitDefaultCameraContext();
#elif defined(ROPKIT_SAMPLE_CONTEXT_LightContext)
  LightContext ctx = ropkitDefaultLightContext();
#else
  MaterialContext ctx = ropkitDefaultMaterialContext();
#endif
#if defined(ROPKIT_SAMPLE_RETURN_Sdf)
  Sdf r = ROPKIT_SAMPLE_FN(p, ctx);
  return vec4(r.x, float(r.material), float(r.material2), r.blend);
#elif defined(ROPKIT_SAMPLE_RETURN_float)
  return vec4(ROPKIT_SAMPLE_FN(p, ctx), 0.0, 0.0, 0.0);
#elif defined(ROPKIT_SAMPLE_RETURN_vec4)
  return ROPKIT_SAMPLE_FN(p, ctx);
#elif defined(ROPKIT_SAMPLE_RETURN_Ray)
  Ray r = ROPKIT_SAMPLE_FN(p, ctx);
  return vec4(r.dir, 0.0);
#else
  Light l = ROPKIT_SAMPLE_FN(p, ctx);
  return vec4(l.color, 0.0);
#endif
}
