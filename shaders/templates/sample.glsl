// Evaluates the scene at points: pixel i of the row reads rk_points[i] and
// writes (value, material id, material2, blend). The floats travel as their
// bits in an unsigned-integer target, which every backend can render to.
layout(location = 0) out uvec4 rk_sampleOut;

void main() {
  initAll();
  int i = int(gl_FragCoord.x);
  rk_sampleOut = floatBitsToUint(ropkitSampleAt(rk_points[i]));
}
