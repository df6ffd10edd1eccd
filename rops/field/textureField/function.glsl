#include "node/textureExtend.glsl"

ReturnT thismap(CoordT p, ContextT ctx) {
  // The image's size and aspect, provided to the UV input and the fields on
  // Scale and Offset.
  vec4 previous = THIS_VAR;
  vec2 size = vec2(textureSize(THIS_Texture, 0));
  THIS_VAR = vec4(size, size.x / max(size.y, 1.0), 0.0);
  // The plane read from the positive side of the axis across it, u right
  // and v up (shaders/uv.glsl): xy (x, y), xz from above (x, -z), zy from
  // +x (-z, y).
#if defined(THIS_HAS_INPUT_1)
  vec2 uv = inputOp1(p, ctx).xy;
#elif defined(THIS_COORD_TYPE_float)
  // Along the image's middle row.
  vec2 uv = vec2(p, 0.5);
#elif defined(THIS_COORD_TYPE_vec2)
  vec2 uv = p;
#elif defined(THIS_Projection_xz)
  vec2 uv = ropkitFaceUV(p, 1, 1.0);
#elif defined(THIS_Projection_zy)
  vec2 uv = ropkitFaceUV(p, 0, 1.0);
#else
  vec2 uv = p.xy;
#endif
  vec4 c = THIS_read(uv * THIS_Scale + THIS_Offset);
  THIS_VAR = previous;
#if defined(THIS_RETURN_TYPE_vec4)
  return c;
#elif defined(THIS_Channel_r)
  return c.r;
#elif defined(THIS_Channel_g)
  return c.g;
#elif defined(THIS_Channel_b)
  return c.b;
#elif defined(THIS_Channel_a)
  return c.a;
#else
  return colLuma(c.rgb);
#endif
}
