ReturnT thismap(CoordT p, ContextT ctx) {
  float r = max(THIS_Radius, 1e-4);
  vec3 x = (p - THIS_Center) / r;
  float x2 = dot(x, x);
  // Onto the unit sphere in 4D (w = 1 is the point at infinity).
  vec4 s = vec4(2.0 * x, x2 - 1.0) / (x2 + 1.0);
  // Turned back by the angle, for the input.
  float a = -radians(THIS_Angle);
  float c = cos(a);
  float sn = sin(a);
#if defined(THIS_Plane_xw)
  s.xw = vec2(c * s.x - sn * s.w, sn * s.x + c * s.w);
#elif defined(THIS_Plane_zw)
  s.zw = vec2(c * s.z - sn * s.w, sn * s.z + c * s.w);
#else
  s.yw = vec2(c * s.y - sn * s.w, sn * s.y + c * s.w);
#endif
  vec3 y = s.xyz / max(1.0 - s.w, 1e-6);
  // Lifting stretches lengths by 2 / (1 + |x|^2), projecting back by
  // (1 + |y|^2) / 2.
  float g = (1.0 + dot(y, y)) / (1.0 + x2);
  ReturnT res = inputOp1(THIS_Center + r * y, ctx);
  dmScaleDist(res, THIS_StepScale / max(g, 1e-4));
  return res;
}
