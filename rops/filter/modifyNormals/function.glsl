ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  if (ropkitStage != ROPKIT_STAGE_NORMAL) return res;
  // The renderer takes the normal as the direction in which the distance
  // grows: a term whose gradient is the change, added here, tilts it.
#ifdef THIS_HAS_INPUT_2
  res.x += THIS_Amount * inputOp2(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_3
  vec3 v = inputOp3(p, ctx).xyz;
#if defined(THIS_Mode_replace)
  res.x = mix(res.x, dot(v, p), clamp(THIS_Amount, 0.0, 1.0));
#elif defined(THIS_Mode_multiply)
  // The input's own normal, from four taps at the corners of a
  // tetrahedron, scaled per axis by the field: a linear term adds the
  // difference, so the renderer measures the scaled one.
  vec3 g = vec3(0.0);
  for (int i = 0; i < 4; i++) {
    vec3 tap = vec3(((i ^ (i >> 1)) & 1) == 0 ? 1.0 : -1.0, (i & 2) != 0 ? 1.0 : -1.0, (i & 1) != 0 ? 1.0 : -1.0);
    g += tap * inputOp1(p + tap * 1e-3, ctx).x;
  }
  vec3 n = length(g) > 0.0 ? normalize(g) : vec3(0.0, 1.0, 0.0);
  vec3 m = n * v;
  m = length(m) > 0.0 ? normalize(m) : n;
  res.x += clamp(THIS_Amount, 0.0, 1.0) * dot(m - n, p);
#else
  res.x += THIS_Amount * dot(v, p);
#endif
#endif
  return res;
}
