ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 h = THIS_Amount;
  vec3 w = abs(p) - h;
  float inner = min(max(w.x, max(w.y, w.z)), 0.0);
#else
  vec2 h = THIS_Amount.xy;
  vec2 w = abs(p) - h;
  float inner = min(max(w.x, w.y), 0.0);
#endif
  ReturnT res = inputOp1(p - clamp(p, -h, h), ctx);
#if defined(THIS_RETURN_TYPE_Sdf)
  res.x += inner;
#else
  res += inner;
#endif
  return res;
}
