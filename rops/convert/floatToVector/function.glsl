// Source i of the four inputs' values v, or the constant 0 (i = 4) or 1 (i = 5).
float THIS_part(vec4 v, int i) {
  if (i == 4) return 0.0;
  if (i == 5) return 1.0;
  return v[i];
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec4 v = vec4(0.0);
#ifdef THIS_HAS_INPUT_1
  v.x = inputOp1(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_2
  v.y = inputOp2(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_3
  v.z = inputOp3(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_4
  v.w = inputOp4(p, ctx);
#endif
  return vec4(THIS_part(v, THIS_SX), THIS_part(v, THIS_SY), THIS_part(v, THIS_SZ), THIS_part(v, THIS_SW));
}
