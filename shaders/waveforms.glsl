// Periodic wave shapes of a phase given in cycles (period 1), shared by the
// LFO ROPs. All start at 0 rising (square starts high) and lie in -1..1.
// `shape` is the index of the option in the menu [sine, saw, square, triangle].

float waveSine(float t) {
  return sin(TAU * t);
}

float waveSaw(float t) {
  return 2.0 * fract(t + 0.5) - 1.0;
}

// High for the first `width` of each cycle.
float waveSquare(float t, float width) {
  return fract(t) < clamp(width, 0.0, 1.0) ? 1.0 : -1.0;
}

float waveTriangle(float t) {
  return 1.0 - 4.0 * abs(fract(t + 0.25) - 0.5);
}

float waveShape(int shape, float t, float width) {
  if (shape == 1) return waveSaw(t);
  if (shape == 2) return waveSquare(t, width);
  if (shape == 3) return waveTriangle(t);
  return waveSine(t);
}

// A square wave built from its first n odd harmonics (n at most 8), each
// weighted down by 1 - (2k + 1) / (2n + 1) so the edges do not ring: a
// rounded square in -1..1, starting at 0 rising like waveSine.
float waveAddSquare(float t, int n) {
  float sum = 0.0;
  float nn = 2.0 * float(n) + 1.0;
  for (int k = 0; k < 8; k++) {
    if (k >= n) {
      break;
    }
    float h = 2.0 * float(k) + 1.0;
    sum += (1.0 - h / nn) * sin(TAU * fract(h * t)) / h;
  }
  return sum * 4.0 / PI;
}
