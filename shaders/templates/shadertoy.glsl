// Shadertoy's entry point: fragCoord has its origin at the bottom left, as ropkit's does.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
  initAll();
  fragColor = thismap(fragCoord, ropkitDefaultContext());
}
