ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
  p.x = abs(p.x);
  float r1 = THIS_BottomRadius;
  float r2 = THIS_TopRadius;
  float h = max(THIS_Height, 1e-6);
  float d;
  if (abs(r1 - r2) >= h) {
    // One circle holds the other: the larger one is the shape.
    d = r1 > r2 ? length(p) - r1 : length(p - vec2(0.0, h)) - r2;
  } else {
    // The tangent line's outward normal n = (cos b, sin b) has
    // n . (0, h) = r1 - r2; t runs along the line, upwards.
    float sb = (r1 - r2) / h;
    float cb = sqrt(1.0 - sb * sb);
    float along = dot(p, vec2(-sb, cb));
    if (along < 0.0) d = length(p) - r1;
    else if (along > cb * h) d = length(p - vec2(0.0, h)) - r2;
    else d = dot(p, vec2(cb, sb)) - r1;
  }
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
