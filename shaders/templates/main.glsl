// Fragment entry point shared by the output ROPs: the output's function
// turns a pixel coordinate (origin bottom left, as in Shadertoy) into a colour.
layout(location = 0) out vec4 fragColor;

void main() {
  initAll();
  vec2 fragCoord = vec2(gl_FragCoord.x, rk_resolution.y - gl_FragCoord.y);
  fragColor = thismap(fragCoord, ropkitDefaultContext());
}
