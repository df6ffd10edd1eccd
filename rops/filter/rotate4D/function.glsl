ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 d = p - THIS_Pivot;
  float w = THIS_W - THIS_PivotW;
  float a = radians(THIS_Angle);
  float c = cos(a);
  float s = sin(a);
  // The point turned back by the angle in the chosen plane; w is dropped.
#if defined(THIS_Plane_yw)
  d.y = c * d.y + s * w;
#elif defined(THIS_Plane_zw)
  d.z = c * d.z + s * w;
#else
  d.x = c * d.x + s * w;
#endif
  return inputOp1(THIS_Pivot + d, ctx);
}
