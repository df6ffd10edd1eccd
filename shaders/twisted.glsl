// Bounds for shapes whose cross section turns as it goes around the y axis
// (a Möbius band, twisted strands). Names start with rkt.

// The largest slope, within reach of a point, of a field measured in a
// cross section that turns by `rate` radians per radian of azimuth: moving
// around the axis by s moves a section point at distance |c| from the
// centre line by rate |c| s / rho, so the slope is at most sqrt(1 + (rate
// |c| / rho)^2), taken at its largest within `reach` (|c| + reach out, at
// the radius rho - reach).
float rktTwistSlope(vec2 c, float rho, float rate, float reach) {
  float nearRho = max(rho - reach, 1e-3);
  return sqrt(1.0 + pow(rate * (length(c) + reach) / nearRho, 2.0));
}

// Outside the torus of radius `holder` around the centre line (c = 0),
// which holds the whole shape, that torus's own distance is a bound too,
// and a much better one far away: the larger of the two bounds.
float rktHeld(float d, vec2 c, float holder) {
  float torus = length(c) - holder;
  return torus > 0.0 ? max(d, torus) : d;
}
