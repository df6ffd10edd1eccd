#if defined(THIS_COORD_TYPE_vec2) && !defined(THIS_Direction_xy) && !defined(THIS_Direction_yx)
#define THIS_DIR xy
#else
#define THIS_DIR THIS_Direction
#endif

ReturnT thismap(CoordT p, ContextT ctx) {
  // In the plane of Direction: u along the bend (moved by Shift), v across.
  vec2 w = p.THIS_DIR;
  w.x += THIS_Shift;
  float a = radians(THIS_Rate) * w.x;
  float c = cos(a);
  float s = sin(a);
  CoordT q = p;
  q.THIS_DIR = vec2(c * w.x + s * w.y - THIS_Shift, -s * w.x + c * w.y);
  ReturnT res = inputOp1(q, ctx);
#if defined(THIS_RETURN_TYPE_Sdf)
  res.x *= THIS_StepScale;
#else
  res *= THIS_StepScale;
#endif
  return res;
}
