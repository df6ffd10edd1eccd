mat2 THIS_rot(float degrees) {
  float a = radians(degrees);
  float c = cos(a);
  float s = sin(a);
  return mat2(c, s, -s, c);
}

ReturnT thismap(CoordT p, ContextT ctx) {
  float s = max(THIS_Scale, 1e-4);
#if defined(THIS_COORD_TYPE_vec3)
  vec3 q = p - THIS_Translate;
  // Undo z, then y, then x.
  q.xy = THIS_rot(-THIS_Rotatez) * q.xy;
  q.xz = THIS_rot(THIS_Rotatey) * q.xz;
  q.yz = THIS_rot(-THIS_Rotatex) * q.yz;
#else
  vec2 q = THIS_rot(-THIS_Rotatez) * (p - THIS_Translate.xy);
#endif
  ReturnT res = inputOp1(q / s, ctx);
#ifdef THIS_RETURN_TYPE_Sdf
  res.x *= s;
#else
  res *= s;
#endif
  return res;
}
