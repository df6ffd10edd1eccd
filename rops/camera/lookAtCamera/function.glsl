ReturnT thismap(CoordT p, ContextT ctx) {
  float r = radians(THIS_Roll);
  vec3 up = vec3(sin(r), cos(r), 0.0);
  return ropkitLookAt(THIS_Position, THIS_Target, up, THIS_Fov, p);
}
