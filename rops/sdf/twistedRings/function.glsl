ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  // The ring's plane: (u, v) across the axis, h along it.
#if defined(THIS_Axis_x)
  vec3 w = vec3(q.y, q.x, q.z);
#elif defined(THIS_Axis_z)
  vec3 w = vec3(q.x, q.z, q.y);
#else
  vec3 w = q;
#endif
  float rho = length(w.xz);
  float phi = atan(w.z, w.x);
  // The cross section (outward, along the axis), where strand k sits at
  // angle TAU k / n + Twists phi + phase from the centre line.
  vec2 c = vec2(rho - THIS_Radius, w.y);
  float n = float(max(THIS_Rings, 1));
  float step = TAU / n;
  float base = float(THIS_Twists) * phi + radians(THIS_TwistPhase);
  // The nearest strand by angle is the nearest one: all lie Spread out.
  float rel = atan(c.y, c.x) - base;
  float k = floor(rel / step + 0.5);
  float a = base + k * step;
  // Near where the strand's centre crosses the section, the strand is
  // nearly straight: it moves round the axis (rho_s per radian of azimuth)
  // and, in the section, across its offset (Twists * Spread per radian).
  // The distance to that tangent line keeps the offset across it whole
  // and shortens the offset along it by the cosine of its tilt out of the
  // section; divided by the twist's slope the result stays a bound.
  vec2 dir = vec2(cos(a), sin(a));
  vec2 delta = c - THIS_Spread * dir;
  float along = dot(delta, vec2(-dir.y, dir.x));
  float across = dot(delta, dir);
  float rhoS = max(THIS_Radius + THIS_Spread * dir.x, 1e-3);
  float tilt = float(THIS_Twists) * THIS_Spread / rhoS;
  float line = length(vec2(across, along / sqrt(1.0 + tilt * tilt)));
  float t = THIS_Thickness;
  float d = (line - t) / rktTwistSlope(c, rho, float(THIS_Twists), abs(line - t));
  d = rktHeld(d, c, THIS_Spread + t);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
