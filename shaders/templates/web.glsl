// A web page's entry point (`ropkit export --format html`). The page runs
// this shader through naga's GLSL ES writer on WebGL2, whose gl_FragCoord
// has its origin at the bottom left already, as the output functions
// expect: no flip (main.glsl flips wgpu's top-left one).
layout(location = 0) out vec4 fragColor;

void main() {
  initAll();
  fragColor = thismap(gl_FragCoord.xy, ropkitDefaultContext());
}
