// The point's place in the box (0..1 on each axis), kept half a voxel
// inside the faces so that filtering never blends in the opposite face
// (the shared sampler repeats).
ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 uvw = (p - THIS_Center) / THIS_Size + 0.5;
  vec3 n = vec3(textureSize(THIS_Volume, 0));
  vec3 q = clamp(uvw, 0.5 / n, 1.0 - 0.5 / n);
  // Explicit level 0: fields run in non-uniform control flow.
  vec4 v = textureLod(THIS_Volume, q, 0.0) * THIS_Multiply;
#if defined(THIS_Outside_zero)
  if (any(lessThan(uvw, vec3(0.0))) || any(greaterThan(uvw, vec3(1.0)))) {
    v = vec4(0.0);
  }
#endif
#if defined(THIS_RETURN_TYPE_vec4)
  return v;
#elif defined(THIS_Channel_g)
  return v.g;
#elif defined(THIS_Channel_b)
  return v.b;
#elif defined(THIS_Channel_a)
  return v.a;
#elif defined(THIS_Channel_luminance)
  return colLuma(v.rgb);
#else
  return v.r;
#endif
}
