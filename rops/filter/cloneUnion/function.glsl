#include "node/mergeModes.glsl"

// Copy i = translate(Start + i T) * rotate(i R) * scale(S^i) of the input;
// evaluating it undoes the three in reverse and scales the distance back.
ReturnT THIS_copy(CoordT p, int i, int n, ContextT ctx, out float blend) {
  float k = float(i);
  float s = pow(THIS_Scale, k);
  vec3 step = THIS_ToEnd ? (THIS_Translate - THIS_Start) / max(float(n - 1), 1.0) : THIS_Translate;
  vec3 at = THIS_Start + step * k;
#if defined(THIS_COORD_TYPE_vec3)
  vec3 q = transpose(xfEuler(THIS_Rotate * k)) * (p - at) / s;
#else
  vec2 q = xfRotate(p - at.xy, -radians(THIS_Rotatez * k)) / s;
#endif
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(k, float(n), 0.0, 0.0);
#endif
  blend = THIS_Blend_at(q, ctx);
  ReturnT r = inputOp1(q, ctx);
  xfSetDist(r, xfDist(r) * s);
  return r;
}

#include "node/copyUnion.glsl"
