ReturnT thismap(CoordT p, ContextT ctx) {
  float s = max(THIS_Scale, 1e-4);
#if defined(THIS_COORD_TYPE_vec2)
  vec2 k = THIS_AxisScale.xy;
  vec2 q = (p - THIS_Translate.xy) * s * k;
  vec2 per1 = THIS_Period1.xy;
  vec2 per2 = THIS_Period2.xy;
  vec2 a = (q + THIS_Phase1.xy) / per1;
  vec2 b = (q + THIS_Phase2.xy) / per2;
  float g = dot(sin(a), cos(b.yx)) - THIS_Bias;
  // The gyroid's own slope is at most sqrt(2) (sqrt(3) in 3D).
  float THIS_root = 1.4142136;
#else
  vec3 k = THIS_AxisScale;
  vec3 q = (p - THIS_Translate) * s * k;
  vec3 per1 = THIS_Period1;
  vec3 per2 = THIS_Period2;
  vec3 a = (q + THIS_Phase1) / per1;
  vec3 b = (q + THIS_Phase2) / per2;
  float g = dot(sin(a), cos(b.yzx)) - THIS_Bias;
  float THIS_root = 1.7320508;
#endif
  // The largest slope of g. With the sines and cosines in step (the same
  // period and phase), g is the gyroid of the stretched point: its slope
  // (at most THIS_root) times the largest stretch. Otherwise each
  // coordinate's slope is at most the sum of its sine's and cosine's rates.
  float slope;
  if (per1 == per2 && THIS_Phase1 == THIS_Phase2) {
    CoordT r = k / abs(per1);
#if defined(THIS_COORD_TYPE_vec2)
    slope = THIS_root * s * max(r.x, r.y);
#else
    slope = THIS_root * s * max(r.x, max(r.y, r.z));
#endif
  } else {
    slope = s * length(k * (1.0 / abs(per1) + 1.0 / abs(per2)));
  }
  float d = (abs(g) - THIS_Thickness_at(p, ctx)) / slope;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
