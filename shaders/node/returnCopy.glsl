  // Per-node template, included as the last statements of a repeat's
  // function (`#include "node/returnCopy.glsl"`): returns the input at the
  // copy's point q with ctx, and under the iteration buffer records the
  // copy (ctx.iteration) in the result. A repeat that provides a variable
  // defines THIS_COPY_RESTORE as the statement that puts its previous
  // value back after the call.
#if defined(ROPKIT_SDF_ITERATION) && defined(THIS_RETURN_TYPE_Sdf) && defined(THIS_CONTEXT_TYPE_Context)
  // The iteration buffer shows which copy was hit.
  Sdf res = inputOp1(q, ctx);
  res.iteration = ctx.iteration;
#ifdef THIS_COPY_RESTORE
  THIS_COPY_RESTORE;
#endif
  return res;
#elif defined(THIS_COPY_RESTORE)
  ReturnT res = inputOp1(q, ctx);
  THIS_COPY_RESTORE;
  return res;
#else
  return inputOp1(q, ctx);
#endif
