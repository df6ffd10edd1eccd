void THIS_add(inout Sdf res, inout bool found, Sdf b) {
  if (!found) {
    res = b;
    found = true;
    return;
  }
#ifdef THIS_Smooth_on
  // The smooth maximum: the smooth minimum of the negated distances.
  float k = max(THIS_Blend, 1e-5);
  float h = clamp(0.5 - 0.5 * (b.x - res.x) / k, 0.0, 1.0);
  float d = mix(b.x, res.x, h) + k * h * (1.0 - h);
  blendInSdf(res, b, 1.0 - h);
  res.x = d;
#else
  if (b.x > res.x) res = b;
#endif
}

ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = createSdf(1e10);
  bool found = false;
#ifdef THIS_HAS_INPUT_1
  THIS_add(res, found, inputOp1(p, ctx));
#endif
#ifdef THIS_HAS_INPUT_2
  THIS_add(res, found, inputOp2(p, ctx));
#endif
#ifdef THIS_HAS_INPUT_3
  THIS_add(res, found, inputOp3(p, ctx));
#endif
#ifdef THIS_HAS_INPUT_4
  THIS_add(res, found, inputOp4(p, ctx));
#endif
#ifdef THIS_HAS_INPUT_5
  THIS_add(res, found, inputOp5(p, ctx));
#endif
#ifdef THIS_HAS_INPUT_6
  THIS_add(res, found, inputOp6(p, ctx));
#endif
#ifdef THIS_HAS_INPUT_7
  THIS_add(res, found, inputOp7(p, ctx));
#endif
#ifdef THIS_HAS_INPUT_8
  THIS_add(res, found, inputOp8(p, ctx));
#endif
  return res;
}
