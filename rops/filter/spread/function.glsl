// A quadratic smooth maximum over k (the plain max at 0): its slope is a
// weighted mean of the two, so a bound stays a bound.
float THIS_smax(float a, float b, float k) {
  float h = k > 0.0 ? max(k - abs(a - b), 0.0) / k : 0.0;
  return max(a, b) + 0.25 * k * h * h;
}

ReturnT thismap(CoordT p, ContextT ctx) {
  int axis = THIS_AXIS;
#if defined(THIS_COORD_TYPE_vec2)
  axis = min(axis, 1);
  vec2 n = xfRotate(axis == 0 ? vec2(1.0, 0.0) : vec2(0.0, 1.0), radians(THIS_Rotate.z));
#else
  vec3 n = xfEuler(THIS_Rotate) * (axis == 0 ? vec3(1.0, 0.0, 0.0) : (axis == 1 ? vec3(0.0, 1.0, 0.0) : vec3(0.0, 0.0, 1.0)));
#endif
  float x = dot(p, n) - THIS_Center;
  float h = 0.5 * max(THIS_Width, 0.0);
  float k = max(THIS_Smoothing, 0.0);
  // The upper half, moved up along the normal, cut below its face; the
  // lower half alike.
  ReturnT up = inputOp1(p - n * h, ctx);
  xfSetDist(up, THIS_smax(xfDist(up), h - x, k));
  ReturnT down = inputOp1(p + n * h, ctx);
  xfSetDist(down, THIS_smax(xfDist(down), x + h, k));
  xfUnion(up, down, 0.0);
  return up;
}
