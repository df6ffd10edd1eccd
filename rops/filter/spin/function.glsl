ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec2)
  vec2 c = THIS_Pivot.xy;
#else
  vec3 c = THIS_Pivot;
#endif
  CoordT d = p - c;
#if defined(THIS_ALL_AXES)
  // About x, then y, then z by Offset + Axis speed * t each; the input sees
  // the point turned back.
  vec3 turn = THIS_Offset + THIS_AxisSpeed * rkTime();
#if defined(THIS_COORD_TYPE_vec2)
  return inputOp1(c + xfRotate(d, -radians(turn.z)), ctx);
#else
  return inputOp1(c + transpose(xfEuler(turn)) * d, ctx);
#endif
#else
  float a = radians(THIS_Offset + THIS_Speed * rkTime());
  // Counter-clockwise in the plane around the axis; the input sees the
  // point turned back.
  vec2 w = dmPlane(d, THIS_AXIS);
  float cs = cos(a);
  float sn = sin(a);
  w = vec2(cs * w.x + sn * w.y, -sn * w.x + cs * w.y);
  return inputOp1(c + dmUnplane(d, w, dmAlong(d, THIS_AXIS), THIS_AXIS), ctx);
#endif
}
