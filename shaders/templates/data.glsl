// Fragment entry point for data renders (Mode::Data): the output's values
// leave unclamped as 32-bit floats, their bits in an unsigned-integer target
// that every backend can render to. rk_view.xy offsets a tile drawn on its
// own into the whole picture (0 otherwise), as in main.glsl.
layout(location = 0) out uvec4 rk_dataOut;

void main() {
  initAll();
  vec2 fragCoord = vec2(gl_FragCoord.x + rk_view.x, rk_resolution.y - (gl_FragCoord.y + rk_view.y));
  rk_dataOut = floatBitsToUint(thismap(fragCoord, ropkitDefaultContext()));
}
