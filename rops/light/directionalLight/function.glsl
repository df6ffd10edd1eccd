ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 d = THIS_Direction / max(length(THIS_Direction), 1e-6);
  return Light(p - d * THIS_Distance, THIS_Color * THIS_Intensity, false, false);
}
