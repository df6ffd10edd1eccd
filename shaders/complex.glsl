// Complex numbers as vec2 (x real, y imaginary), for the conformal maps of
// the filter category (complexMath, mobiusTransform). Each map's
// derivative scales small lengths by its modulus, which is what a filter
// divides distances by.

vec2 cxMul(vec2 a, vec2 b) {
  return vec2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

vec2 cxDiv(vec2 a, vec2 b) {
  float d = max(dot(b, b), 1e-30);
  return vec2(a.x * b.x + a.y * b.y, a.y * b.x - a.x * b.y) / d;
}

vec2 cxExp(vec2 z) {
  return exp(z.x) * vec2(cos(z.y), sin(z.y));
}

// The principal logarithm (angle in -pi..pi).
vec2 cxLog(vec2 z) {
  return vec2(log(max(length(z), 1e-30)), atan(z.y, z.x));
}

// The principal power z^n for a real n.
vec2 cxPow(vec2 z, float n) {
  float r = length(z);
  float a = atan(z.y, z.x) * n;
  return (r > 0.0 ? pow(r, n) : 0.0) * vec2(cos(a), sin(a));
}

vec2 cxSin(vec2 z) {
  return vec2(sin(z.x) * cosh(z.y), cos(z.x) * sinh(z.y));
}

vec2 cxCos(vec2 z) {
  return vec2(cos(z.x) * cosh(z.y), -sin(z.x) * sinh(z.y));
}

vec2 cxSinh(vec2 z) {
  return vec2(sinh(z.x) * cos(z.y), cosh(z.x) * sin(z.y));
}

vec2 cxCosh(vec2 z) {
  return vec2(cosh(z.x) * cos(z.y), sinh(z.x) * sin(z.y));
}
