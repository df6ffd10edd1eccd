ReturnT thismap(CoordT p, ContextT ctx) {
  float scroll = iTime * THIS_Speed;
#if defined(THIS_COORD_TYPE_vec3)
  vec3 q = p * THIS_Scale * THIS_Stretch + THIS_Translate;
#else
  vec2 q = p * THIS_Scale * THIS_Stretch.xy + THIS_Translate.xy;
#endif
#if defined(THIS_Dims_four)
  // The point with W (plus the scroll) as a fourth coordinate.
  vec4 x = vec4(q, THIS_W + scroll);
#elif defined(THIS_Dims_plane) && defined(THIS_COORD_TYPE_vec3)
  vec2 x = q.THIS_Plane + vec2(0.0, scroll);
#elif defined(THIS_COORD_TYPE_vec3)
  vec3 x = q + vec3(0.0, 0.0, scroll);
#else
  vec2 x = q + vec2(0.0, scroll);
#endif
#if defined(THIS_Type_perlin)
  float v = perlinNoise(x);
#else
  float v = simplexNoise(x);
#endif
  v = v * THIS_Amplitude + THIS_Offset;
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
