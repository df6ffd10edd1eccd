ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_float)
  float q = (p - THIS_Position.x) * (THIS_Target.x >= THIS_Position.x ? 1.0 : -1.0);
#elif defined(THIS_COORD_TYPE_vec2)
  vec2 d = p - THIS_Position.xy;
  vec2 aim = THIS_Target.xy - THIS_Position.xy;
  vec2 fw = length(aim) > 1e-6 ? normalize(aim) : vec2(0.0, 1.0);
#if defined(THIS_Forward_x)
  // Forward x: the input's y is x turned a quarter counter-clockwise.
  vec2 q = vec2(dot(d, fw), dot(d, vec2(-fw.y, fw.x)));
#else
  // Forward y: the input's x is y turned a quarter clockwise.
  vec2 q = vec2(dot(d, vec2(fw.y, -fw.x)), dot(d, fw));
#endif
#else
  vec3 d = p - THIS_Position;
  vec3 aim = THIS_Target - THIS_Position;
  vec3 fw = length(aim) > 1e-6 ? normalize(aim) : vec3(0.0, 0.0, 1.0);
  vec3 up0 = length(THIS_Up) > 1e-6 ? normalize(THIS_Up) : vec3(0.0, 1.0, 0.0);
  if (abs(dot(up0, fw)) > 0.9999) {
    up0 = abs(fw.y) < 0.9 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);
  }
  // A right-handed frame: side x up = forward.
  vec3 side = normalize(cross(up0, fw));
  vec3 up = cross(fw, side);
#if defined(THIS_Forward_y)
  // Forward y, up z: x = y cross z.
  vec3 q = vec3(dot(d, cross(fw, up)), dot(d, fw), dot(d, up));
#elif defined(THIS_Forward_x)
  // Forward x, up y: z = x cross y.
  vec3 q = vec3(dot(d, fw), dot(d, up), dot(d, cross(fw, up)));
#else
  vec3 q = vec3(dot(d, side), dot(d, up), dot(d, fw));
#endif
#endif
  return inputOp1(q, ctx);
}
