// Fragment entry point for data renders (Mode::Data): the output's values
// leave unclamped as 32-bit floats, their bits in an unsigned-integer target
// that every backend can render to.
layout(location = 0) out uvec4 rk_dataOut;

void main() {
  initAll();
  vec2 fragCoord = vec2(gl_FragCoord.x, rk_resolution.y - gl_FragCoord.y);
  rk_dataOut = floatBitsToUint(thismap(fragCoord, ropkitDefaultContext()));
}
