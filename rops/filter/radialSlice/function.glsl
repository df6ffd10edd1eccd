ReturnT thismap(CoordT p, ContextT ctx) {
  ReturnT res = inputOp1(p, ctx);
  float halfAngle = 0.5 * radians(clamp(THIS_Angle, 0.0, 360.0));
#ifdef THIS_Invert_on
  // Everything lies in a full wedge: nothing is left outside it.
  if (halfAngle >= PI) {
#if defined(THIS_RETURN_TYPE_Sdf)
    res.x = 1e10;
#else
    res = 1e10;
#endif
    return res;
  }
#else
  if (halfAngle >= PI) return res;
#endif
  // The wedge turned so its middle runs along +x, folded onto its upper halfAngle.
  float mid = radians(THIS_Start) + halfAngle;
  vec2 w = dmPlane(p, THIS_AXIS);
  w = vec2(cos(mid) * w.x + sin(mid) * w.y, -sin(mid) * w.x + cos(mid) * w.y);
  w.y = abs(w.y);
  // Distance to the edge ray at angle halfAngle; inside when below it.
  vec2 e = vec2(cos(halfAngle), sin(halfAngle));
  float d = length(w - e * max(dot(w, e), 0.0));
  float wedge = (e.x * w.y - e.y * w.x) < 0.0 ? -d : d;
#ifdef THIS_Invert_on
  wedge = -wedge;
#endif
#if defined(THIS_RETURN_TYPE_Sdf)
  float a = res.x;
#else
  float a = res;
#endif
  // A quadratic smooth maximum over Smoothing (plain max at 0): its slope is
  // a weighted mean of the two slopes, so it stays a bound.
  float k = max(THIS_Smoothing, 0.0);
  float h = k > 0.0 ? max(k - abs(a - wedge), 0.0) / k : 0.0;
  float m = max(a, wedge) + 0.25 * k * h * h;
#if defined(THIS_RETURN_TYPE_Sdf)
  res.x = m;
#else
  res = m;
#endif
  return res;
}
