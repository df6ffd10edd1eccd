ReturnT thismap(CoordT p, ContextT ctx) {
  // The bone is symmetric in both axes: one quadrant holds a half bar and a knob.
  vec2 q = abs(p - THIS_Translate);
  float h = 0.5 * THIS_Length;
  vec2 e = q - vec2(h, THIS_Thickness);
  float bar = length(max(e, 0.0)) + min(max(e.x, e.y), 0.0);
  float knob = length(q - vec2(h, THIS_KnobSpread)) - THIS_KnobRadius;
  // The knob of the other side (below the axis) can be nearer when the spread is small.
  float knob2 = length(q - vec2(h, -THIS_KnobSpread)) - THIS_KnobRadius;
  float d = min(bar, min(knob, knob2));
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
