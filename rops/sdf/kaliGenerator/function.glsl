ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 z = (p - THIS_Translate) / THIS_Radius;
  mat3 turn = xfEuler(THIS_Rotate);
  float s = max(THIS_Scale, 1.0001);
  float scale = THIS_Radius;
  for (int i = 0; i < THIS_Iterations; i++) {
    z = turn * abs(z);
    z = z * s - THIS_Step;
    scale /= s;
  }
  vec3 e = abs(z) - THIS_BoxSize;
  float box = length(max(e, 0.0)) + min(max(e.x, max(e.y, e.z)), 0.0) - THIS_BoxRound;
  float d = box * scale;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
