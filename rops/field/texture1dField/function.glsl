#include "node/axisCoord.glsl"

ReturnT thismap(CoordT p, ContextT ctx) {
  float u = THIS_axisCoord(p);
#if defined(THIS_CoordMode_scaledIndex)
  vec2 range = THIS_IndexRange;
  u = (u - range.x) / (range.y - range.x);
#else
  u = (u - THIS_Translate) / THIS_Scale;
#endif
  vec4 value;
#if defined(THIS_Extend_zero)
  if (u < 0.0 || u > 1.0) {
    value = vec4(0.0);
  } else {
    value = textureLod(THIS_Texture, vec2(u, THIS_Row), 0.0);
  }
#else
#if defined(THIS_Extend_repeat)
  u = fract(u);
#elif defined(THIS_Extend_mirror)
  u = 1.0 - abs(mod(u, 2.0) - 1.0);
#else
  u = clamp(u, 0.0, 1.0);
#endif
  value = textureLod(THIS_Texture, vec2(u, THIS_Row), 0.0);
#endif
#if defined(THIS_RETURN_TYPE_vec4)
  return value;
#else
  return value.x;
#endif
}
