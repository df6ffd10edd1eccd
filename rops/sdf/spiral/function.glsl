ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  // The spiral lies in y = 0: the distance to it is the in-plane distance
  // to the curve and the height, at right angles.
  float inPlane = rksDistance(q.xz, THIS_Start, THIS_Spacing, THIS_Turns);
  float d = length(vec2(inPlane, q.y)) - THIS_Thickness;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
