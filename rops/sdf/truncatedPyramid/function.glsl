#include "node/axisUp.glsl"
ReturnT thismap(CoordT p, ContextT ctx) {
  // In the frame of the Axis (width, height, depth for the y axis's x, y, z).
  vec3 q = THIS_UP(p - THIS_Translate);
  float h = max(THIS_Height, 1e-6);
  float previous = THIS_VAR;
  THIS_VAR = clamp(q.y / h, 0.0, 1.0);
#if defined(THIS_Footprint_rectangle)
  vec2 a = 0.5 * vec2(THIS_Base, THIS_BaseDepth);
  vec2 b = 0.5 * vec2(THIS_Top, THIS_TopDepth);
  THIS_VAR = previous;
  float d = rksTruncatedPyramidRect(q, a, b, h);
#else
  float a = 0.5 * THIS_Base;
  float b = 0.5 * THIS_Top;
  THIS_VAR = previous;
  float d = rksTruncatedPyramid(q, a, b, h);
#endif
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
