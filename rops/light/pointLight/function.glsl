ReturnT thismap(CoordT p, ContextT ctx) {
  return Light(THIS_Position, THIS_Color * THIS_Intensity, false, false);
}
