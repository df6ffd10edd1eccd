ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
  float a = radians(THIS_Angle);
  float d = 1e20;
  // Every branch in turn: branch j of generation k follows the bits of j
  // from the trunk (1: turn right, 0: turn left), so the whole tree is
  // measured and the nearest branch is never missed.
  for (int k = 0; k < THIS_Levels; k++) {
    for (int j = 0; j < (1 << k); j++) {
      vec2 base = vec2(0.0);
      vec2 dir = vec2(0.0, 1.0);
      float len = THIS_Length;
      float rad = THIS_Thickness;
      for (int b = k - 1; b >= 0; b--) {
        base += dir * len;
        float turn = ((j >> b) & 1) == 1 ? -a : a;
        dir = vec2(cos(turn) * dir.x - sin(turn) * dir.y, sin(turn) * dir.x + cos(turn) * dir.y);
        len *= THIS_Ratio;
        rad *= THIS_Ratio;
      }
      vec2 q = p - base;
      float t = clamp(dot(q, dir), 0.0, len);
      d = min(d, length(q - t * dir) - rad);
    }
  }
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
