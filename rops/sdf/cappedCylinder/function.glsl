ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
#if defined(THIS_Axis_x)
  vec2 w = vec2(length(p.yz), p.x);
#elif defined(THIS_Axis_z)
  vec2 w = vec2(length(p.xy), p.z);
#else
  vec2 w = vec2(length(p.xz), p.y);
#endif
  // The angle around the axis, right-handed (as the UVs below).
#if defined(THIS_Axis_x)
  vec3 around = p.yzx;
#elif defined(THIS_Axis_z)
  vec3 around = p.xyz;
#else
  vec3 around = p.zxy;
#endif
  float along01 = clamp(w.y / max(THIS_Height, 1e-6) + 0.5, 0.0, 1.0);
#if defined(THIS_Type_vec4)
  vec4 previous = THIS_VAR;
  THIS_VAR = vec4(w.y, along01, atan(around.y, around.x) / TAU + 0.5, 0.0);
#else
  float previous = THIS_VAR;
  THIS_VAR = along01;
#endif
  float rad = THIS_Radius_at(p, ctx);
  vec2 q = abs(w) - vec2(rad, THIS_Height * 0.5);
  if (THIS_Hollow) q.x = abs(abs(w.x) - rad) - THIS_Thickness;
  THIS_VAR = previous;
  float d = min(max(q.x, q.y), 0.0) + length(max(q, 0.0));
#ifdef THIS_RETURN_TYPE_Sdf
#if defined(ROPKIT_SDF_UV)
  // Side: u the angle around the axis, 0..1 (as in cylinder), v 0..1 from
  // the lower cap to the upper one. Caps: the disc mapped onto 0..1 by its
  // diameter, read from outside as a box's face (shaders/uv.glsl).
  Sdf res = createSdf(d);
#if defined(THIS_Axis_x)
  vec3 c = p.yzx;
#elif defined(THIS_Axis_z)
  vec3 c = p.xyz;
#else
  vec3 c = p.zxy;
#endif
  float THIS_r = max(rad, 1e-6);
  float THIS_h = max(THIS_Height, 1e-6);
  if (abs(c.z) - THIS_h * 0.5 > length(c.xy) - THIS_r) {
    // Read from outside the cap, as a box's face (shaders/uv.glsl).
    vec3 THIS_q = p / (2.0 * THIS_r);
    float THIS_side = c.z < 0.0 ? -1.0 : 1.0;
#if defined(THIS_Axis_x)
    res.uv = vec2(-THIS_side * THIS_q.z, THIS_q.y) + 0.5;
#elif defined(THIS_Axis_z)
    res.uv = vec2(THIS_side * THIS_q.x, THIS_q.y) + 0.5;
#else
    res.uv = vec2(THIS_q.x, -THIS_side * THIS_q.z) + 0.5;
#endif
  } else {
    res.uv = vec2(atan(c.y, c.x) / TAU + 0.5, c.z / THIS_h + 0.5);
  }
  return res;
#else
  return createSdf(d);
#endif
#else
  return d;
#endif
}
