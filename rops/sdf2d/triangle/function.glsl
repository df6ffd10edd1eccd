ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Shape_points)
  vec2 p0 = THIS_A;
  vec2 p1 = THIS_B;
  vec2 p2 = THIS_C;
#else
  // The corners pointing up about the centre, then turned to Direction.
#if defined(THIS_Shape_equilateral)
  float r = THIS_Radius;
  vec2 c0 = vec2(0.0, r);
  vec2 c1 = r * vec2(-0.86602540378, -0.5);
  vec2 c2 = r * vec2(0.86602540378, -0.5);
#else
  vec2 c0 = vec2(0.0, 0.5 * THIS_Height);
  vec2 c1 = vec2(-0.5 * THIS_Width, -0.5 * THIS_Height);
  vec2 c2 = vec2(0.5 * THIS_Width, -0.5 * THIS_Height);
#endif
#if defined(THIS_Direction_down)
  mat2 turn = mat2(-1.0, 0.0, 0.0, -1.0);
#elif defined(THIS_Direction_left)
  mat2 turn = mat2(0.0, 1.0, -1.0, 0.0);
#elif defined(THIS_Direction_right)
  mat2 turn = mat2(0.0, -1.0, 1.0, 0.0);
#else
  mat2 turn = mat2(1.0);
#endif
  vec2 p0 = THIS_Translate + turn * c0;
  vec2 p1 = THIS_Translate + turn * c1;
  vec2 p2 = THIS_Translate + turn * c2;
#endif
  vec2 e0 = p1 - p0;
  vec2 e1 = p2 - p1;
  vec2 e2 = p0 - p2;
  vec2 v0 = p - p0;
  vec2 v1 = p - p1;
  vec2 v2 = p - p2;
  vec2 pq0 = v0 - e0 * clamp(dot(v0, e0) / max(dot(e0, e0), 1e-12), 0.0, 1.0);
  vec2 pq1 = v1 - e1 * clamp(dot(v1, e1) / max(dot(e1, e1), 1e-12), 0.0, 1.0);
  vec2 pq2 = v2 - e2 * clamp(dot(v2, e2) / max(dot(e2, e2), 1e-12), 0.0, 1.0);
  float s = sign(e0.x * e2.y - e0.y * e2.x);
  vec2 m = min(min(vec2(dot(pq0, pq0), s * (v0.x * e0.y - v0.y * e0.x)),
                   vec2(dot(pq1, pq1), s * (v1.x * e1.y - v1.y * e1.x))),
               vec2(dot(pq2, pq2), s * (v2.x * e2.y - v2.y * e2.x)));
  float d = -sqrt(m.x) * sign(m.y);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
