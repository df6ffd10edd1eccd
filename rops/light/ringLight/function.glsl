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
  return Light(p + dir * reach, THIS_Color * THIS_Intensity * lambert / k, false, false);
}
