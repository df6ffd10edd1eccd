ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  // The centre line lies in the xy plane, so the distance to it is the
  // in-plane distance combined with the height above the plane.
  float inPlane = rkpBentPath(q.xy, THIS_Length, THIS_Angle);
  float d = length(vec2(inPlane, q.z)) - THIS_Thickness;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
