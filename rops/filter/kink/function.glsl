ReturnT thismap(CoordT p, ContextT ctx) {
  int ia = THIS_A;
  int ib = THIS_B;
#if defined(THIS_COORD_TYPE_vec2)
  ia = min(ia, 1);
  ib = ia == 0 ? 1 : 0;
#endif
  vec2 st = vec2(dmGet(p, ia) - THIS_Offset, dmGet(p, ib));
#if defined(THIS_Style_smooth)
  // A soft knee: polar about the pivot (Offset, -Spread), the angle from
  // the second axis eased by a sigmoid.
#if defined(THIS_Side_positive)
  st.y = -st.y;
#endif
  st.y += THIS_Spread;
  float ang = atan(st.x, st.y);
  ang -= THIS_Amount * ang / sqrt(1.0 + ang * ang);
  st = length(st) * vec2(sin(ang), cos(ang));
  st.y -= THIS_Spread;
#if defined(THIS_Side_positive)
  st.y = -st.y;
#endif
#else
#if defined(THIS_Side_negative)
  st.x = -st.x;
#endif
  float a = radians(THIS_Angle);
  // The joint's plane halves the angle between the part that stays (along
  // -s) and the turned part (along (cos a, sin a)); its normal is at a / 2.
  vec2 n = vec2(cos(0.5 * a), sin(0.5 * a));
  if (dot(st, n) > 0.0) {
    st = vec2(cos(a) * st.x + sin(a) * st.y, -sin(a) * st.x + cos(a) * st.y);
  }
#if defined(THIS_Side_negative)
  st.x = -st.x;
#endif
#endif
  CoordT q = dmSet(p, ia, st.x + THIS_Offset);
  q = dmSet(q, ib, st.y);
  return inputOp1(q, ctx);
}
