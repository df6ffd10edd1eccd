ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 near = rksBezierT(p, THIS_A, THIS_Control, THIS_B);
  // The place of the nearest curve point, for the fields.
  float previous = THIS_VAR;
  THIS_VAR = near.y;
  float r = THIS_Thickness * mix(THIS_StartScale, THIS_EndScale, near.y);
  THIS_VAR = previous;
  float d = near.x - r;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
