ReturnT thismap(CoordT p, ContextT ctx) {
  float r = radians(THIS_Roll);
  float c = cos(r);
  float s = sin(r);
  vec3 u = THIS_Up;
  // Up turned by Roll about z (Up along y: (sin r, cos r, 0)).
  vec3 up = vec3(c * u.x + s * u.y, -s * u.x + c * u.y, u.z);
  Ray ray = ropkitLookAt(THIS_Position, THIS_Target, up, THIS_Fov, p);
  ray.dir = xfEuler(THIS_Rotate) * ray.dir;
  return ray;
}
