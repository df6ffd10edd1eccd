ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  // The cross section in x, y and the axis in z, kept right-handed.
#if defined(THIS_Axis_x)
  q = q.yzx;
#elif defined(THIS_Axis_y)
  q = q.zxy;
#endif
  float len = THIS_Length;
  float along = THIS_Infinite ? q.z : clamp(q.z / max(len, 1e-6) + 0.5, 0.0, 1.0);
  float around = atan(q.y, q.x) / TAU + 0.5;
  THIS_Type previous = THIS_VAR;
#if defined(THIS_Type_vec4)
  THIS_VAR = vec4(q.z, along, around, 0.0);
#else
  THIS_VAR = along;
#endif
  float n = max(THIS_Sides, 3.0);
  float r = THIS_Radius;
  float d2 = rkpRegularPolygon(q.xy, n, r);
  if (THIS_Hollow) d2 = max(d2, -rkpRegularPolygon(q.xy, n, r - THIS_Thickness));
  THIS_VAR = previous;
  float d = THIS_Infinite ? d2 : rkpExtrude(d2, q.z, 0.5 * len);
#ifdef THIS_RETURN_TYPE_Sdf
#if defined(ROPKIT_SDF_UV) && defined(THIS_UvMode_cylindrical)
  Sdf res = createSdf(d);
  res.uv = vec2(around, along);
  return res;
#else
  return createSdf(d);
#endif
#else
  return d;
#endif
}
