// The folding mirrors and the polytope's corner, set once per pixel from
// Type, U, V and W by THIS_init.
vec4 THIS_mirrorC;
vec4 THIS_mirrorD;
vec4 THIS_corner;

void THIS_init() {
  float k = float(clamp(THIS_Type, 3, 5));
  float cosA = cos(PI / k);
  float invSin = 1.0 / sin(PI / k);
  float sc = sqrt(2.0 / 3.0 - cosA * cosA);
  float invS = 1.0 / sqrt(3.0 - 4.0 * cosA * cosA);
  float r3 = sqrt(3.0);
  THIS_mirrorC = 0.5 * vec4(0.0, -1.0, r3, 0.0);
  THIS_mirrorD = vec4(-cosA, -0.5, -0.5 / r3, sc);
  // The vertices of the fundamental simplex on the 3-sphere.
  vec4 a = vec4(0.0, 0.0, 0.0, 1.0);
  vec4 b = 0.5 * r3 * vec4(sc, 0.0, 0.0, cosA);
  vec4 c = invSin * vec4(0.0, 0.5 * r3 * sc, 0.5 * sc, 1.0 / r3);
  vec4 d = invS * vec4(0.0, 0.0, 2.0 * sc, 1.0 / r3);
  THIS_corner = normalize(THIS_U * a + THIS_V * b + THIS_W * c + 0.01 * d);
}
