// Component i of v, or the constant 0 (i = 4) or 1 (i = 5).
float THIS_pick(vec4 v, int i) {
  if (i == 4) return 0.0;
  if (i == 5) return 1.0;
  return v[i];
}

ReturnT thismap(CoordT p, ContextT ctx) {
  // Each input as a vector (a float input fills every component); an
  // unconnected one reads as the first.
  vec4 v[4];
  v[0] = inputOp1(p, ctx);
#ifdef THIS_HAS_INPUT_2
  v[1] = vec4(inputOp2(p, ctx));
#else
  v[1] = v[0];
#endif
#ifdef THIS_HAS_INPUT_3
  v[2] = vec4(inputOp3(p, ctx));
#else
  v[2] = v[0];
#endif
#ifdef THIS_HAS_INPUT_4
  v[3] = vec4(inputOp4(p, ctx));
#else
  v[3] = v[0];
#endif
  vec4 r = vec4(THIS_pick(v[THIS_SX], THIS_IX), THIS_pick(v[THIS_SY], THIS_IY), THIS_pick(v[THIS_SZ], THIS_IZ),
                THIS_pick(v[THIS_SW], THIS_IW));
#if defined(THIS_RETURN_TYPE_vec4)
  return r;
#else
  return r.x;
#endif
}
