// Fragment entry point shared by the output ROPs: the output's function
// turns a pixel coordinate (origin bottom left, as in Shadertoy) into a colour.
// rk_view.xy offsets a tile drawn on its own into the whole picture (0 otherwise).
layout(location = 0) out vec4 fragColor;

void main() {
  initAll();
  vec2 fragCoord = vec2(gl_FragCoord.x + rk_view.x, rk_resolution.y - (gl_FragCoord.y + rk_view.y));
  fragColor = thismap(fragCoord, ropkitDefaultContext());
}
