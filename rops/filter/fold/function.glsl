ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec2)
  vec3 q = vec3(p, 0.0);
#else
  vec3 q = p;
#endif
#if defined(THIS_Function_mengerFold)
  // Three reflections sort the coordinates: x >= y >= z.
  float s = min(q.x - q.y, 0.0);
  q.x -= s;
  q.y += s;
  s = min(q.x - q.z, 0.0);
  q.x -= s;
  q.z += s;
  s = min(q.y - q.z, 0.0);
  q.y -= s;
  q.z += s;
#else
  float r = THIS_Distance;
#ifdef THIS_HAS_INPUT_2
  r += inputOp2(p, ctx);
#endif
  q = clamp(q, -r, r) * 2.0 - q;
#endif
#if defined(THIS_COORD_TYPE_vec2)
  CoordT fp = q.xy;
#else
  CoordT fp = q;
#endif
#if defined(THIS_HAS_INPUT_1)
  return inputOp1(fp, ctx);
#elif defined(THIS_REFUSED_RETURN)
#error fold: without an input it returns the folded point (vec4): connect a shape to fold it
#else
  return vec4(q, 0.0);
#endif
}
