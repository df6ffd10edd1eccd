// Component i of v, or the constant 0 (i = 4) or 1 (i = 5).
float THIS_pick(vec4 v, int i) {
  if (i == 4) return 0.0;
  if (i == 5) return 1.0;
  return v[i];
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec4 v = inputOp1(p, ctx);
  vec4 r = vec4(THIS_pick(v, THIS_IX), THIS_pick(v, THIS_IY), THIS_pick(v, THIS_IZ), THIS_pick(v, THIS_IW));
#if defined(THIS_RETURN_TYPE_vec4)
  return r;
#else
  return r.x;
#endif
}
