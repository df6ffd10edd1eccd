ReturnT thismap(CoordT p, ContextT ctx) {
  float s = max(THIS_Scale, 1e-4);
#if defined(THIS_COORD_TYPE_vec3)
  // Undo the rotation: v * M is the transpose (the inverse) of M applied to
  // v. The matrix comes ready from the parameter, with no trigonometry here.
  vec3 q = (p - THIS_Translate_at(p, ctx)) * THIS_Rotate_matrix;
#else
  float a = radians(THIS_Rotatez);
  vec2 q = mat2(cos(a), -sin(a), sin(a), cos(a)) * (p - THIS_Translate_at(p, ctx).xy);
#endif
  ReturnT res = inputOp1(q / s, ctx);
#ifdef THIS_RETURN_TYPE_Sdf
  res.x *= s;
#else
  res *= s;
#endif
  return res;
}
