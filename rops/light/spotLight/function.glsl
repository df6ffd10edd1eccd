ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 axis = normalize(THIS_Target - THIS_Position);
  vec3 toP = normalize(p - THIS_Position);
  float inner = cos(radians(clamp(THIS_Angle, 0.0, 90.0)));
  float outer = cos(radians(clamp(THIS_Angle + THIS_Softness, 0.0, 179.0)));
  float k = smoothstep(outer, max(inner, outer + 1e-4), dot(toP, axis));
  return Light(THIS_Position, THIS_Color * THIS_Intensity * k, false, false);
}
