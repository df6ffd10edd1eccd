ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 axis = THIS_Normal / max(length(THIS_Normal), 1e-6);
  vec3 u;
  vec3 v;
  xfBasis(axis, u, v);
  vec3 n = ctx.normal;
  // Sum the Lambert terms of the points, and their directions weighted by them.
  float lambert = 0.0;
  vec3 dir = vec3(0.0);
  float reach = 0.0;
  for (int i = 0; i < THIS_Samples; i++) {
    float a = TAU * (float(i) + 0.5) / float(THIS_Samples);
    vec3 l = THIS_Center + THIS_Radius * (cos(a) * u + sin(a) * v) - p;
    float dist = max(length(l), 1e-6);
    float k = max(dot(n, l / dist), 0.0);
    lambert += k;
    dir += k * l / dist;
    reach += k * dist;
  }
  lambert /= float(THIS_Samples);
  if (lambert <= 0.0) return Light(THIS_Center, vec3(0.0), false, false);
  // The renderer multiplies by the Lambert term of the one direction: divide it out.
  dir = normalize(dir);
  reach /= lambert * float(THIS_Samples);
  float k = max(dot(n, dir), 1e-4);
  vec3 previous = THIS_VAR;
  THIS_VAR = dir;
  Light light = Light(p + dir * reach, THIS_Color * THIS_Intensity * lambert / k, false, false);
  THIS_VAR = previous;
  if (THIS_Attenuated) {
    // 1 within the start, 0 past the end, smooth between; the curve input
    // reshapes it.
    float t = clamp((reach - THIS_AttenuationStart) / max(THIS_AttenuationEnd - THIS_AttenuationStart, 1e-6), 0.0, 1.0);
    float fall = 1.0 - t * t * (3.0 - 2.0 * t);
#ifdef THIS_HAS_INPUT_1
    fall = inputOp1(fall, ctx);
#endif
    light.color *= fall;
  }
  return light;
}
