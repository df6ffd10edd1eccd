ReturnT thismap(CoordT p, ContextT ctx) {
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
  return inputOp1(q, ctx);
}
