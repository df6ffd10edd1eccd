// Copy i = translate(i T) * rotate(i R) * scale(S^i) of the input; evaluating
// it undoes the three in reverse and scales the distance back.
ReturnT THIS_copy(CoordT p, int i, int n, ContextT ctx) {
  float k = float(i);
  float s = pow(THIS_Scale, k);
#if defined(THIS_COORD_TYPE_vec3)
  vec3 q = transpose(xfEuler(THIS_Rotate * k)) * (p - THIS_Translate * k) / s;
#else
  vec2 q = xfRotate(p - THIS_Translate.xy * k, -radians(THIS_Rotatez * k)) / s;
#endif
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(k, float(n), 0.0, 0.0);
#endif
  ReturnT r = inputOp1(q, ctx);
  xfSetDist(r, xfDist(r) * s);
  return r;
}

#include "node/copyUnion.glsl"
