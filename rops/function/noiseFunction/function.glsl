// One octave in -1..1. Gradient noise: lines through 0 at each lattice point
// with random slopes in -1..1, blended by the quintic fade; its magnitude
// peaks at 0.5 between two points, hence the factor 2.
float THIS_octave(float x, float seed) {
  float i = floor(x);
  float f = x - i;
  float u = f * f * f * (f * (6.0 * f - 15.0) + 10.0);
  float h0 = 2.0 * rkHash12(vec2(i, seed)) - 1.0;
  float h1 = 2.0 * rkHash12(vec2(i + 1.0, seed)) - 1.0;
#if defined(THIS_Type_value)
  return mix(h0, h1, u);
#else
  return 2.0 * mix(h0 * f, h1 * (f - 1.0), u);
#endif
}

ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_1
  float x = inputOp1(p, ctx);
#else
  float x = p;
#endif
  float q = x * THIS_Scale;
  float sum = 0.0;
  float weight = 0.0;
  float a = 1.0;
  for (int i = 0; i < THIS_Octaves; i++) {
    // Each octave gets its own sequence, so octaves do not line up.
    sum += a * THIS_octave(q, THIS_Seed * 1.618 + float(i) * 17.0);
    weight += a;
    q *= 2.0;
    a *= 0.5;
  }
  return THIS_Amplitude * sum / weight;
}
