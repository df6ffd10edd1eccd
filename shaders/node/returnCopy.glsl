  // Per-node template, included as the last statements of a repeat's
  // function (`#include "node/returnCopy.glsl"`): returns the input at the
  // copy's point q with ctx, and under the iteration buffer records the
  // copy (ctx.iteration) in the result.
#if defined(ROPKIT_SDF_ITERATION) && defined(THIS_RETURN_TYPE_Sdf) && defined(THIS_CONTEXT_TYPE_Context)
  // The iteration buffer shows which copy was hit.
  Sdf res = inputOp1(q, ctx);
  res.iteration = ctx.iteration;
  return res;
#else
  return inputOp1(q, ctx);
#endif
