#ifdef THIS_HAS_INPUT_1
float THIS_dist(vec3 q, ContextT ctx) {
#if defined(THIS_CONTEXT_TYPE_Context)
  return inputOp1(q, ctx).x;
#else
  return inputOp1(q, ropkitDefaultContext()).x;
#endif
}
#endif

// One projection: the image at uv, extended past 0..1.
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

ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_HAS_INPUT_1)
  vec2 e = vec2(1e-3, 0.0);
  vec3 n = vec3(
    THIS_dist(p + e.xyy, ctx) - THIS_dist(p - e.xyy, ctx),
    THIS_dist(p + e.yxy, ctx) - THIS_dist(p - e.yxy, ctx),
    THIS_dist(p + e.yyx, ctx) - THIS_dist(p - e.yyx, ctx));
#elif defined(THIS_CONTEXT_TYPE_MaterialContext) || defined(THIS_CONTEXT_TYPE_LightContext)
  vec3 n = ctx.normal;
#else
  vec3 n = p - THIS_Center;
#endif
  vec3 w = pow(abs(n) / max(max(abs(n.x), max(abs(n.y), abs(n.z))), 1e-12), vec3(THIS_Sharpness));
  w /= max(w.x + w.y + w.z, 1e-12);
  // Each projection as seen from the side the surface faces.
  // Translate offsets each face's u and v by its parts along the axes they
  // run along (so 0.5 everywhere centres the image on every face).
  vec3 q = p * THIS_Scale;
  vec3 t = THIS_Translate;
  vec3 sg = vec3(n.x < 0.0 ? -1.0 : 1.0, n.y < 0.0 ? -1.0 : 1.0, n.z < 0.0 ? -1.0 : 1.0);
  vec4 c = THIS_read(ropkitFaceUV(q, 0, sg.x) + t.zy) * w.x + THIS_read(ropkitFaceUV(q, 1, sg.y) + t.xz) * w.y
         + THIS_read(ropkitFaceUV(q, 2, sg.z) + t.xy) * w.z;
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
