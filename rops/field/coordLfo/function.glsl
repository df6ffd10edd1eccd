ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_float)
  float x = p;
#elif defined(THIS_Axis_radial)
  float x = length(p);
#elif defined(THIS_Axis_y)
  float x = p.y;
#elif defined(THIS_Axis_z) && defined(THIS_COORD_TYPE_vec3)
  float x = p.z;
#elif defined(THIS_Axis_z)
  float x = 0.0;
#else
  float x = p.x;
#endif
  float v = THIS_Amplitude * waveShape(THIS_Shape_INDEX, x * THIS_Frequency + THIS_Phase, THIS_Width) + THIS_Offset;
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
