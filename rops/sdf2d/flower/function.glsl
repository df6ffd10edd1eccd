ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 q = p - THIS_Translate;
  float rho = length(q);
  float previous = THIS_VAR;
  THIS_VAR = fract((atan(q.y, q.x) - radians(THIS_Angle)) / TAU + 1.0);
  float n = THIS_Petals;
  float t = atan(q.y, q.x) - radians(THIS_Angle);
  float edge = THIS_Radius + THIS_Amount * cos(n * t);
  float slope = THIS_Amount * n * sin(n * t) / max(rho, 0.1 * THIS_Radius + 1e-4);
  float d = (rho - edge) / sqrt(1.0 + slope * slope);
  THIS_VAR = previous;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
