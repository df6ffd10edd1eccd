ReturnT thismap(CoordT p, ContextT ctx) {
  return createSdf(length(p) - texture(THIS_Image, p.xy).r);
}
