ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 pts[4] = vec3[4](THIS_Point1, THIS_Point2, THIS_Point3, THIS_Point4);
  float vals[4] = float[4](THIS_Value1, THIS_Value2, THIS_Value3, THIS_Value4);
  vec4 cols[4] = vec4[4](THIS_Color1, THIS_Color2, THIS_Color3, THIS_Color4);
  vec4 nearestCol = cols[0];
  vec4 csum = vec4(0.0);
  int n = clamp(THIS_Count, 1, 4);
  float best = 1e20;
  float nearest = vals[0];
  float wsum = 0.0;
  float vsum = 0.0;
  for (int i = 0; i < 4; i++) {
    if (i >= n) break;
#if defined(THIS_COORD_TYPE_vec3)
    float d = length(p - pts[i]);
#elif defined(THIS_COORD_TYPE_vec2)
    float d = length(p - pts[i].xy);
#else
    float d = abs(p - pts[i].x);
#endif
    if (d < best) {
      best = d;
      nearest = vals[i];
      nearestCol = cols[i];
    }
    float w = 1.0 / max(pow(d, THIS_Power), 1e-20);
    wsum += w;
    vsum += w * vals[i];
    csum += w * cols[i];
  }
#if defined(THIS_Mode_nearest)
  float v = nearest;
#else
  // At a point itself its weight dwarfs the others: the value is its own.
  float v = best < 1e-6 ? nearest : vsum / wsum;
#endif
#if defined(THIS_RETURN_TYPE_vec4) && defined(THIS_Vec4_colors)
#if defined(THIS_Mode_nearest)
  return nearestCol;
#else
  return best < 1e-6 ? nearestCol : csum / wsum;
#endif
#elif defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
