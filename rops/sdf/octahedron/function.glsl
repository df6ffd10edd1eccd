ReturnT thismap(CoordT p, ContextT ctx) {
  float s = THIS_Radius_at(p, ctx);
  p = abs(p - THIS_Translate);
  float m = p.x + p.y + p.z - s;
  vec3 q;
  float d;
  if (3.0 * p.x < m) {
    q = p.xyz;
  } else if (3.0 * p.y < m) {
    q = p.yzx;
  } else if (3.0 * p.z < m) {
    q = p.zxy;
  } else {
    q = vec3(-1.0);
  }
  if (q.x < 0.0) {
    d = m * 0.57735027;
  } else {
    float k = clamp(0.5 * (q.z - q.y + s), 0.0, s);
    d = length(vec3(q.x, q.y - s + k, q.z - k));
  }
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
