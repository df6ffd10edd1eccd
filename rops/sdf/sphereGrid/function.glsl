ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  // The polar axis becomes y (a swap of two axes: distances unchanged).
#if defined(THIS_Axis_x)
  q = q.yxz;
#elif defined(THIS_Axis_z)
  q = q.xzy;
#endif
  float R = THIS_Radius;
  float rho = length(q.xz);
  float len = length(q);
  float d = 1e20;
  // Latitude circles: the squared distance to the one at polar angle a is
  // |q|^2 + R^2 - 2 R |q| cos(theta - a), so the nearest by angle is nearest.
  if (THIS_Rings > 0) {
    float n = float(THIS_Rings);
    float theta = atan(rho, q.y);
    float step = PI / (n + 1.0);
    float k = clamp(floor(theta / step + 0.5), 1.0, n);
    float a = k * step;
    d = min(d, length(vec2(rho - R * sin(a), q.y - R * cos(a))));
  }
  // Meridians: the distance to the one at azimuth offset D grows as cos(D)
  // shrinks, so the nearest by azimuth is nearest; within 90 degrees of it
  // the nearest point of the full great circle lies on its half.
  if (THIS_Meridians > 0) {
    float m = float(THIS_Meridians);
    float phi = atan(q.z, q.x);
    float step = TAU / m;
    float dphi = phi - step * floor(phi / step + 0.5);
    float u = rho * cos(dphi);
    float w = rho * sin(dphi);
    float along = length(vec2(u, q.y));
    float toCircle = m >= 2.0 ? abs(along - R) : 0.0;
    if (m < 2.0 || u < 0.0) {
      // Only one meridian: behind it the nearest point can be a pole.
      vec2 c = vec2(u, q.y);
      float ang = atan(c.y, c.x);
      vec2 nearest = abs(ang) <= 0.5 * PI ? R * normalize(c + vec2(1e-9, 0.0)) : vec2(0.0, sign(c.y) * R);
      toCircle = length(c - nearest);
    }
    d = min(d, length(vec2(toCircle, w)));
  }
  d -= THIS_Thickness;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
