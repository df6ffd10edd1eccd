ReturnT thismap(CoordT p, ContextT ctx) {
  // The pixel's place in the whole picture, 0..1 from the top-left corner.
  vec2 uv = (gl_FragCoord.xy + rk_view.xy) / rk_resolution.xy;
  vec4 value = textureLod(THIS_Texture, uv, 0.0);
#if defined(THIS_RETURN_TYPE_vec4)
  return value;
#else
  return value.THIS_Channel;
#endif
}
