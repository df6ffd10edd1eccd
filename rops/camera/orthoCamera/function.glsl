ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 fw = normalize(THIS_Target - THIS_Position);
  float r = radians(THIS_Roll);
  vec3 rt = normalize(cross(fw, vec3(sin(r), cos(r), 0.0)));
  vec3 up = cross(rt, fw);
  return Ray(THIS_Position + (p.x * rt + p.y * up) * THIS_Size, fw);
}
