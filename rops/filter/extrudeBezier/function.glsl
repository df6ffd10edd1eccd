ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 a = THIS_Point1;
  vec3 b = THIS_Point2;
  vec3 c = THIS_Point3;
  float t = rkcQuadratic(p, a, b, c).y;
  // The frame at the curve's point t: tangent, binormal square to world y,
  // normal square to both.
  vec3 along = normalize((2.0 - 2.0 * t) * (b - a) + 2.0 * t * (c - b));
  vec3 side = normalize(cross(vec3(0.0, 1.0, 0.0), along));
  vec3 up = cross(along, side);
  vec3 onCurve = mix(mix(a, b, t), mix(b, c, t), t);
  vec3 d = onCurve - p;
  float previous = THIS_VAR;
  THIS_VAR = t;
  ReturnT res = inputOp1(vec3(dot(d, side), dot(d, up), dot(d, along)), ctx);
  THIS_VAR = previous;
  return res;
}
