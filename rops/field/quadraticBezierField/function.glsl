ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec2)
  vec3 pos = vec3(p, 0.0);
#else
  vec3 pos = p;
#endif
  // (distance, parameter) of the nearest point on the curve.
  vec2 near = rkcQuadratic(pos, THIS_Point1, THIS_Point2, THIS_Point3);
#if defined(THIS_RETURN_TYPE_vec4)
  // Where a vector is asked for, (distance, offset), whatever the format;
  // where a float is, offsetDist gives the distance.
  return vec4(near, 0.0, 0.0);
#elif defined(THIS_Format_offset)
  return near.y;
#else
  return near.x;
#endif
}
