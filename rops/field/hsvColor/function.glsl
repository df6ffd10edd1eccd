ReturnT thismap(CoordT p, ContextT ctx) {
  return vec4(rklHsv(THIS_Hue_at(p, ctx), THIS_Saturation_at(p, ctx), THIS_Value_at(p, ctx)), 1.0);
}
