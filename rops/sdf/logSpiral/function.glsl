ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Axis_x)
  vec3 q = p.yzx;
#elif defined(THIS_Axis_y)
  vec3 q = p.zxy;
#else
  vec3 q = p;
#endif
  vec2 arms = vec2(THIS_Branches, THIS_Bend);
  float r = length(q.xy);
  vec2 logPolar = vec2(log(r), atan(q.y, q.x)) / TAU;
  // Across the nearest arm, in units of length at this radius.
  float across = (fract(logPolar.y * arms.x - logPolar.x * arms.y) - 0.5) * TAU * r / length(arms);
  float turn = THIS_Twist * logPolar.x;
  vec2 section = vec2(cos(turn) * across + sin(turn) * q.z, -sin(turn) * across + cos(turn) * q.z);
  section = abs(section);
#if defined(THIS_HAS_INPUT_1) && defined(inputOp1_RETURN_TYPE_Sdf)
  Sdf res = inputOp1(section, ctx);
  float d = res.x;
#elif defined(THIS_HAS_INPUT_1)
  float d = 0.9 * (inputOp1(section, ctx) - THIS_Thickness);
#else
  float e = THIS_Exponent;
  float d = 0.9 * (pow(pow(section.x, e) + pow(section.y, e), 1.0 / e) - THIS_Thickness * r);
#endif
#if defined(THIS_RETURN_TYPE_Sdf) && defined(THIS_HAS_INPUT_1) && defined(inputOp1_RETURN_TYPE_Sdf)
  return res;
#elif defined(THIS_RETURN_TYPE_Sdf)
  return createSdf(d);
#else
  return d;
#endif
}
