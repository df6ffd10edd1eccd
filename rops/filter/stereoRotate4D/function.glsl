ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec2)
  vec3 x = vec3(p, 0.0);
#else
  vec3 x = p;
#endif
  float before = length(x);
  // Onto the unit 3-sphere: k x with w = k - 1, k = 2 / (1 + |x|^2).
  float k = 2.0 / (1.0 + dot(x, x));
  vec4 s = vec4(k * x, k - 1.0);
  vec4 previous = THIS_VAR;
  THIS_VAR = s;
  vec4 pivot = vec4(THIS_Pivot, THIS_PivotW);
  s -= pivot;
  // The turn v -> cos(a) v + sin(a) (v.y, -v.x) of the plane's two parts.
  float a = radians(THIS_Rotate);
#if defined(THIS_Plane_yw)
  s.yw = cos(a) * s.yw + sin(a) * vec2(s.w, -s.y);
#elif defined(THIS_Plane_zw)
  s.zw = cos(a) * s.zw + sin(a) * vec2(s.w, -s.z);
#else
  s.xw = cos(a) * s.xw + sin(a) * vec2(s.w, -s.x);
#endif
  s += pivot;
  vec3 y = s.xyz / (1.0 + s.w);
#if defined(THIS_COORD_TYPE_vec2)
  ReturnT res = inputOp1(y.xy, ctx);
#else
  ReturnT res = inputOp1(y, ctx);
#endif
  THIS_VAR = previous;
  dmScaleDist(res, min(1.0, 1.0 / length(y)) * max(1.0, before));
  return res;
}
