#if defined(THIS_COORD_TYPE_vec2)
#define THIS_POINT(v) (v).xy
#else
#define THIS_POINT(v) (v).xyz
#endif

// Step k (1 to 3) of the sequence, where it is connected.
CoordT THIS_step(int k, CoordT q, ContextT ctx) {
#ifdef THIS_HAS_INPUT_2
  if (k == 1) return THIS_POINT(inputOp2(q, ctx));
#endif
#ifdef THIS_HAS_INPUT_3
  if (k == 2) return THIS_POINT(inputOp3(q, ctx));
#endif
#ifdef THIS_HAS_INPUT_4
  if (k == 3) return THIS_POINT(inputOp4(q, ctx));
#endif
  return q;
}

ReturnT thismap(CoordT p, ContextT ctx) {
  CoordT q = p;
  ContextT c = ctx;
  for (int i = 0; i < THIS_Iterations; i++) {
#if defined(THIS_CONTEXT_TYPE_Context)
    c.iteration = vec4(float(i), float(THIS_Iterations), 0.0, 0.0);
#endif
    for (int k = 1; k <= 3; k++) {
#if defined(THIS_Reverse_on)
      q = THIS_step(4 - k, q, c);
#else
      q = THIS_step(k, q, c);
#endif
    }
  }
  return inputOp1(q, ctx);
}
