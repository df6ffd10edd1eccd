// The function at one value, as a float (a vector result gives its x).
float THIS_fn(float x, ContextT ctx) {
#ifdef THIS_HAS_INPUT_2
  return vec4(inputOp2(x, ctx)).x;
#else
  return x;
#endif
}

ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(inputOp1_RETURN_TYPE_Sdf)
  Sdf s = inputOp1(p, ctx);
  s.x = THIS_fn(s.x, ctx);
#if defined(THIS_RETURN_TYPE_Sdf)
  return s;
#elif defined(THIS_RETURN_TYPE_vec4)
  return vec4(s.x);
#else
  return s.x;
#endif
#elif defined(inputOp1_RETURN_TYPE_vec4)
  vec4 v = inputOp1(p, ctx);
  v = vec4(THIS_fn(v.x, ctx), THIS_fn(v.y, ctx), THIS_fn(v.z, ctx), THIS_fn(v.w, ctx));
#if defined(THIS_RETURN_TYPE_Sdf)
  return createSdf(v.x);
#elif defined(THIS_RETURN_TYPE_vec4)
  return v;
#else
  return v.x;
#endif
#else
  float x = inputOp1(p, ctx);
#if defined(THIS_HAS_INPUT_2) && defined(inputOp2_RETURN_TYPE_vec4)
  vec4 v = inputOp2(x, ctx);
#else
  vec4 v = vec4(THIS_fn(x, ctx));
#endif
#if defined(THIS_RETURN_TYPE_Sdf)
  return createSdf(v.x);
#elif defined(THIS_RETURN_TYPE_vec4)
  return v;
#else
  return v.x;
#endif
#endif
}
