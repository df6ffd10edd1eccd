// Colour helpers for the post ROPs (operators on colour fields) and for ROPs that read images.

// Rec. 709 luma of a linear colour.
float colLuma(vec3 c) {
  return dot(c, vec3(0.2126, 0.7152, 0.0722));
}

// Turns a colour about the grey axis by `degrees` (Rodrigues' rotation), so
// pure red goes to pure green at 120 degrees; grey stays grey.
vec3 colHueRotate(vec3 c, float degrees) {
  float a = radians(degrees);
  const vec3 k = vec3(0.57735026919);
  float cs = cos(a);
  return c * cs + cross(k, c) * sin(a) + k * dot(k, c) * (1.0 - cs);
}

// Three colour stops at 0, 0.5 and 1, linear between them.
vec3 colRamp3(vec3 a, vec3 b, vec3 c, float t) {
  t = clamp(t, 0.0, 1.0);
  return t < 0.5 ? mix(a, b, t * 2.0) : mix(b, c, t * 2.0 - 1.0);
}

// (The ACES, AgX and Reinhard curves are ropkitTone* in common.glsl, under
// ROPKIT_TONEMAP, shared with raymarchRender3D's ToneMap.)

// John Hable's filmic curve (Uncharted 2), normalised so `white` maps to 1.
vec3 colHablePart(vec3 x) {
  const float A = 0.15;
  const float B = 0.50;
  const float C = 0.10;
  const float D = 0.20;
  const float E = 0.02;
  const float F = 0.30;
  return ((x * (A * x + C * B) + D * E) / (x * (A * x + B) + D * F)) - E / F;
}

vec3 colHable(vec3 x, float white) {
  return colHablePart(max(x, vec3(0.0))) / colHablePart(vec3(max(white, 1e-3)));
}
