// The convex wedge (half angle a <= 90 degrees) around +y, for x >= 0: the
// signed distance to its right edge line where the edge's foot is on the
// ray, else to the apex.
float THIS_convex(vec2 p, float a) {
  p.x = abs(p.x);
  vec2 e = vec2(sin(a), cos(a));
  float s = p.x * e.y - p.y * e.x;
  return dot(p, e) >= 0.0 ? s : length(p);
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 q = p - THIS_Translate;
  float a = radians(clamp(THIS_HalfAngle, 0.0, 180.0));
  // A wider wedge is the outside of the narrower one around -y.
  float d = a <= 0.5 * PI ? THIS_convex(q, a) : -THIS_convex(vec2(q.x, -q.y), PI - a);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
