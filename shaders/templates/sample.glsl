// Evaluates the scene at points: pixel i of the row reads rk_points[i] and
// writes (value, material id, material2, blend). The floats travel as their
// bits in an unsigned-integer target, which every backend can render to.
layout(location = 0) out uvec4 rk_sampleOut;

void main() {
  initAll();
  vec4 fragColor;
  int i = int(gl_FragCoord.x);
  vec4 q = rk_points[i];
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
  fragColor = vec4(r.x, float(r.material), float(r.material2), r.blend);
#elif defined(ROPKIT_SAMPLE_RETURN_float)
  fragColor = vec4(ROPKIT_SAMPLE_FN(p, ctx), 0.0, 0.0, 0.0);
#elif defined(ROPKIT_SAMPLE_RETURN_vec4)
  fragColor = ROPKIT_SAMPLE_FN(p, ctx);
#elif defined(ROPKIT_SAMPLE_RETURN_Ray)
  Ray r = ROPKIT_SAMPLE_FN(p, ctx);
  fragColor = vec4(r.dir, 0.0);
#else
  Light l = ROPKIT_SAMPLE_FN(p, ctx);
  fragColor = vec4(l.color, 0.0);
#endif
  rk_sampleOut = floatBitsToUint(fragColor);
}
