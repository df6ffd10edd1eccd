// Input k moved by its Translate, seeing the iteration (k - 1, inputs).
#if defined(THIS_COORD_TYPE_vec2)
#define THIS_AT(t) (t).xy
#else
#define THIS_AT(t) (t)
#endif

#include "node/mergeModes.glsl"

void THIS_add(inout Sdf res, inout bool found, Sdf b) {
  if (!found) {
    res = b;
    found = true;
  } else {
#if defined(THIS_MergeType_union)
    xfUnion(res, b, THIS_Blend);
#else
    THIS_merge(res, b, THIS_Blend, THIS_MergeNumber, THIS_MergeOffset);
#endif
  }
}

ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = createSdf(1e10);
  bool found = false;
  ContextT c = ctx;
#ifdef THIS_HAS_INPUT_1
#if defined(THIS_CONTEXT_TYPE_Context)
  c.iteration = vec4(0.0, float(THIS_COUNT), 0.0, 0.0);
#endif
  THIS_add(res, found, inputOp1(p - THIS_AT(THIS_Translate1), c));
#endif
#ifdef THIS_HAS_INPUT_2
#if defined(THIS_CONTEXT_TYPE_Context)
  c.iteration = vec4(1.0, float(THIS_COUNT), 0.0, 0.0);
#endif
  THIS_add(res, found, inputOp2(p - THIS_AT(THIS_Translate2), c));
#endif
#ifdef THIS_HAS_INPUT_3
#if defined(THIS_CONTEXT_TYPE_Context)
  c.iteration = vec4(2.0, float(THIS_COUNT), 0.0, 0.0);
#endif
  THIS_add(res, found, inputOp3(p - THIS_AT(THIS_Translate3), c));
#endif
#ifdef THIS_HAS_INPUT_4
#if defined(THIS_CONTEXT_TYPE_Context)
  c.iteration = vec4(3.0, float(THIS_COUNT), 0.0, 0.0);
#endif
  THIS_add(res, found, inputOp4(p - THIS_AT(THIS_Translate4), c));
#endif
#ifdef THIS_HAS_INPUT_5
#if defined(THIS_CONTEXT_TYPE_Context)
  c.iteration = vec4(4.0, float(THIS_COUNT), 0.0, 0.0);
#endif
  THIS_add(res, found, inputOp5(p - THIS_AT(THIS_Translate5), c));
#endif
#ifdef THIS_HAS_INPUT_6
#if defined(THIS_CONTEXT_TYPE_Context)
  c.iteration = vec4(5.0, float(THIS_COUNT), 0.0, 0.0);
#endif
  THIS_add(res, found, inputOp6(p - THIS_AT(THIS_Translate6), c));
#endif
#ifdef THIS_HAS_INPUT_7
#if defined(THIS_CONTEXT_TYPE_Context)
  c.iteration = vec4(6.0, float(THIS_COUNT), 0.0, 0.0);
#endif
  THIS_add(res, found, inputOp7(p - THIS_AT(THIS_Translate7), c));
#endif
#ifdef THIS_HAS_INPUT_8
#if defined(THIS_CONTEXT_TYPE_Context)
  c.iteration = vec4(7.0, float(THIS_COUNT), 0.0, 0.0);
#endif
  THIS_add(res, found, inputOp8(p - THIS_AT(THIS_Translate8), c));
#endif
  return res;
}
