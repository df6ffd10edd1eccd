float THIS_dot2(vec2 v) { return dot(v, v); }

ReturnT thismap(CoordT p, ContextT ctx) {
  // The unit heart spans y from 0 to about 1.104; scale and centre it.
  float s = max(THIS_Size, 1e-4) / 1.1035534;
  p = (p - THIS_Translate) / s + vec2(0.0, 0.55177670);
  p.x = abs(p.x);
  float d;
  if (p.y + p.x > 1.0) {
    d = sqrt(THIS_dot2(p - vec2(0.25, 0.75))) - 0.35355339;
  } else {
    d = sqrt(min(THIS_dot2(p - vec2(0.0, 1.0)), THIS_dot2(p - 0.5 * max(p.x + p.y, 0.0)))) * sign(p.x - p.y);
  }
  d *= s;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
