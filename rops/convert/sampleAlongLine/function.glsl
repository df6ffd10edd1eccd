// The 2D turn of RayTK's hg_sdf convention: v -> cos(a) v + sin(a) (v.y, -v.x).
vec2 THIS_turn(vec2 v, float a) {
  return cos(a) * v + sin(a) * vec2(v.y, -v.x);
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 dir = THIS_Direction;
  float l = length(dir);
  vec3 q = (l > 0.0 ? dir / l : vec3(1.0, 0.0, 0.0)) * p;
  vec3 r = radians(THIS_Rotate);
  q.xy = THIS_turn(q.xy, r.z);
  q.xz = THIS_turn(q.xz, r.y);
  q.yz = THIS_turn(q.yz, r.x);
  q += THIS_Center;
#ifdef inputOp1_COORD_TYPE_vec2
  return inputOp1(q.xy, ctx);
#else
  return inputOp1(q, ctx);
#endif
}
