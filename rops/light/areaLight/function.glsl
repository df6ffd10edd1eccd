ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 facing = THIS_Direction / max(length(THIS_Direction), 1e-6);
  vec3 u;
  vec3 v;
  xfBasis(facing, u, v);
  vec3 n = ctx.normal;
  float lambert = 0.0;
  vec3 dir = vec3(0.0);
  float reach = 0.0;
  for (int j = 0; j < THIS_Samples; j++) {
    for (int i = 0; i < THIS_Samples; i++) {
      // Midpoints of a grid of cells over the panel.
      vec2 g = (vec2(float(i), float(j)) + 0.5) / float(THIS_Samples) - 0.5;
      vec3 l = THIS_Center + THIS_Size.x * g.x * u + THIS_Size.y * g.y * v - p;
      float dist = max(length(l), 1e-6);
      vec3 ld = l / dist;
      // Lambert at the surface times the panel's own cosine (it emits like a Lambertian face).
      float emit = -dot(facing, ld);
      emit = THIS_TwoSided ? abs(emit) : max(emit, 0.0);
      float k = max(dot(n, ld), 0.0) * emit;
      lambert += k;
      dir += k * ld;
      reach += k * dist;
    }
  }
  float count = float(THIS_Samples * THIS_Samples);
  lambert /= count;
  if (lambert <= 0.0) return Light(THIS_Center, vec3(0.0), false, false);
  dir = normalize(dir);
  reach /= lambert * count;
  float k = max(dot(n, dir), 1e-4);
  return Light(p + dir * reach, THIS_Color * THIS_Intensity * lambert / k, false, false);
}
