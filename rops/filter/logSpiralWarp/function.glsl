// The spiral's plane: (y, z) around x, (z, x) around y, (x, y) around z.
#if defined(THIS_COORD_TYPE_vec2)
#define THIS_SPIRAL_PLANE(v) v
#elif defined(THIS_Axis_x)
#define THIS_SPIRAL_PLANE(v) v.yz
#elif defined(THIS_Axis_y)
#define THIS_SPIRAL_PLANE(v) v.zx
#else
#define THIS_SPIRAL_PLANE(v) v.xy
#endif

ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 previous = THIS_VAR;
  vec2 w = THIS_SPIRAL_PLANE(p) - THIS_Center;
  float dist = length(w);
  float r = log(dist);
  float a = atan(w.y, w.x) / 6.283185307179586;
  THIS_VAR = vec2(r, dist);
  vec2 tw = THIS_Twist;
  w = vec2(THIS_Branches * a + tw.x * r, a - tw.y * r) + THIS_Phase;
  CoordT q = p;
  THIS_SPIRAL_PLANE(q) = w;
  ReturnT res = inputOp1(q, ctx);
  dmScaleDist(res, THIS_StepScale);
  THIS_VAR = previous;
  return res;
}
