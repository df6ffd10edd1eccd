ReturnT thismap(CoordT p, ContextT ctx) {
  float sc = max(THIS_Base, 1e-4);
  p = (p - THIS_Translate) / sc;
  // The apex axis becomes y (the square base is symmetric, so swapping
  // two axes keeps distances).
#if defined(THIS_Axis_x)
  p = p.yxz;
#elif defined(THIS_Axis_z)
  p = p.xzy;
#endif
  float h = THIS_Height / sc;
  float m2 = h * h + 0.25;
  vec2 xz = abs(p.xz);
  xz = (xz.y > xz.x) ? xz.yx : xz;
  xz -= 0.5;
  vec3 q = vec3(xz.y, h * p.y - 0.5 * xz.x, h * xz.x + 0.5 * p.y);
  float s = max(-q.x, 0.0);
  float t = clamp((q.y - 0.5 * xz.y) / (m2 + 0.25), 0.0, 1.0);
  float a = m2 * (q.x + s) * (q.x + s) + q.y * q.y;
  float b = m2 * (q.x + 0.5 * t) * (q.x + 0.5 * t) + (q.y - m2 * t) * (q.y - m2 * t);
  float d2 = min(q.y, -q.x * m2 - q.y * 0.5) > 0.0 ? 0.0 : min(a, b);
  // Distance to the four sloped faces (Inigo Quilez's sdPyramid), then the
  // base square, which that formula leaves out below the pyramid.
  float side = sqrt((d2 + q.z * q.z) / m2);
  vec2 out2 = max(abs(p.xz) - 0.5, 0.0);
  float base = length(vec3(out2.x, p.y, out2.y));
  bool inside = q.z < 0.0 && p.y > 0.0;
  float d = (inside ? -min(side, p.y) : min(side, base)) * sc;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
