ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 a = THIS_Point1;
  vec3 b = THIS_Point2;
  float len = distance(a, b);
  vec3 dir = len > 1e-6 ? (b - a) / len : vec3(0.0, 0.0, 1.0);
  // The cross-section's frame: y toward world y (z for a vertical line).
  vec3 up = abs(dir.y) > 0.999 ? vec3(0.0, 0.0, 1.0) : vec3(0.0, 1.0, 0.0);
  vec3 ax = normalize(cross(up, dir));
  vec3 ay = cross(dir, ax);
  vec3 q = p - a;
  float along = dot(q, dir);
  vec2 previous = THIS_VAR;
  THIS_VAR = vec2(along, len > 1e-6 ? clamp(along / len, 0.0, 1.0) : 0.0);
  Sdf res = inputOp1(vec2(dot(q, ax), dot(q, ay)), ctx);
  THIS_VAR = previous;
  // Intersect the endless prism with the slab between the two end planes.
  vec2 w = vec2(res.x, abs(along - 0.5 * len) - 0.5 * len);
  res.x = min(max(w.x, w.y), 0.0) + length(max(w, 0.0));
  return res;
}
