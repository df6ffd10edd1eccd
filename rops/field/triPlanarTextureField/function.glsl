#ifdef THIS_HAS_INPUT_1
float THIS_dist(vec3 q, ContextT ctx) {
#if defined(THIS_CONTEXT_TYPE_Context)
  return inputOp1(q, ctx).x;
#else
  return inputOp1(q, ropkitDefaultContext()).x;
#endif
}
#endif

#include "node/textureExtend.glsl"

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
