ReturnT thismap(CoordT p, ContextT ctx) {
  float t = THIS_Temperature_at(p, ctx);
#ifdef THIS_Unit_norm
  // 0..1 spans 0..8000 K.
  t *= 8000.0;
#endif
  if (THIS_Exponent != 1.0) t = pow(max(t, 0.0), THIS_Exponent);
  return vec4(THIS_Brightness * rklBlackbody(t), 1.0);
}
