ReturnT thismap(CoordT p, ContextT ctx) {
  return vec4(THIS_Brightness * rklBlackbody(THIS_Temperature_at(p, ctx)), 1.0);
}
