ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec2)
  vec3 pos = vec3(p, 0.0);
#else
  vec3 pos = p;
#endif
  // (distance, parameter) of the nearest point on the curve.
  vec2 near = rkcQuadratic(pos, THIS_Point1, THIS_Point2, THIS_Point3);
#if defined(THIS_REFUSED_RETURN)
#error quadraticBezierField: offsetDist is a vec4 field, offset and dist are float fields
#elif defined(THIS_Format_offsetDist)
  return vec4(near, 0.0, 0.0);
#elif defined(THIS_Format_offset)
  return near.y;
#else
  return near.x;
#endif
}
