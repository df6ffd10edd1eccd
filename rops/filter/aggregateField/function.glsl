// The field's run i of n, with its index set as iteration and variable.
ReturnT THIS_run(CoordT p, int i, int n, ContextT ctx) {
  float k = float(i);
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(k, float(n), 0.0, 0.0);
#endif
  THIS_VAR = vec2(k, n > 1 ? k / float(n - 1) : 0.0);
  return inputOp1(p, ctx);
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 previous = THIS_VAR;
  int n = max(THIS_Count, 1);
  ReturnT res = THIS_run(p, 0, n, ctx);
  for (int i = 1; i < n; i++) {
#ifdef THIS_SwapOrder_on
    ReturnT a = THIS_run(p, i, n, ctx);
    ReturnT b = res;
#else
    ReturnT a = res;
    ReturnT b = THIS_run(p, i, n, ctx);
#endif
#if defined(THIS_Operation_sub)
    res = a - b;
#elif defined(THIS_Operation_mul)
    res = a * b;
#elif defined(THIS_Operation_div)
    res = a / b;
#elif defined(THIS_Operation_avg)
    res = (a + b) * 0.5;
#elif defined(THIS_Operation_min)
    res = min(a, b);
#elif defined(THIS_Operation_max)
    res = max(a, b);
#else
    res = a + b;
#endif
  }
  THIS_VAR = previous;
  return res;
}
