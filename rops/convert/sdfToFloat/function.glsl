ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(res.x, float(res.material), float(res.material2), res.blend);
#else
  return res.x;
#endif
}
