ReturnT thismap(CoordT p, ContextT ctx) {
  // The material stage (bit 4) follows Primary: the materials of a hit
  // belong to the shape the camera saw.
  if (((1 << ropkitStage) & THIS_STAGES) != 0) {
    return inputOp1(p, ctx);
  }
#ifdef THIS_HAS_INPUT_2
  return inputOp2(p, ctx);
#else
  // Nothing: a distance far beyond any march.
  return createSdf(1e10);
#endif
}
