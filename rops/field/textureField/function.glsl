ReturnT thismap(CoordT p, ContextT ctx) {
  // The plane read from the positive side of the axis across it, u right
  // and v up (shaders/uv.glsl): xy (x, y), xz from above (x, -z), zy from
  // +x (-z, y).
#if defined(THIS_COORD_TYPE_vec2)
  vec2 uv = p;
#elif defined(THIS_Projection_xz)
  vec2 uv = ropkitFaceUV(p, 1, 1.0);
#elif defined(THIS_Projection_zy)
  vec2 uv = ropkitFaceUV(p, 0, 1.0);
#else
  vec2 uv = p.xy;
#endif
  // Explicit level 0: fields run in non-uniform control flow.
  vec4 c = textureLod(THIS_Texture, ropkitImageUV(uv * THIS_Scale + THIS_Offset), 0.0);
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
