// Per-node template (include with `#include "node/textureExtend.glsl"`): the
// image of a texture parameter read at a UV, extended past 0..1 by an Extend
// menu, for the texture fields (textureField, triPlanarTextureField).
// Expects: a texture parameter Texture and a menu Extend with the options
// repeat, hold, mirror and zero.
// Defines: vec4 THIS_read(vec2 uv), the texel at uv (bottom-left at 0, 0).

vec4 THIS_read(vec2 uv) {
#if defined(THIS_Extend_hold)
  // Held at the outer texels' centres, so the repeating sampler never blends in the far side.
  vec2 halfTexel = 0.5 / vec2(textureSize(THIS_Texture, 0));
  uv = clamp(uv, halfTexel, 1.0 - halfTexel);
#elif defined(THIS_Extend_mirror)
  uv = 1.0 - abs(mod(uv, 2.0) - 1.0);
#elif defined(THIS_Extend_zero)
  if (uv.x < 0.0 || uv.x > 1.0 || uv.y < 0.0 || uv.y > 1.0) return vec4(0.0);
#endif
  // Explicit level 0: fields run in non-uniform control flow.
  return textureLod(THIS_Texture, ropkitImageUV(uv), 0.0);
}
