ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 q = p - THIS_Translate;
  // Inside its own cell a point is nearest that cell's border: half the
  // cell size less its hexagonal distance from the centre (the cells have
  // corners up and down, corner radius Size / sqrt(3)).
  vec2 c = rkHexCentre(q, THIS_Size * 0.57735026919);
  float d = 0.5 * THIS_Size - rkHexNorm(q - c) - THIS_Thickness;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
