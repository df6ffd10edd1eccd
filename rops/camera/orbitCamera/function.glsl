ReturnT thismap(CoordT p, ContextT ctx) {
  float az = radians(THIS_Azimuth);
  float el = radians(clamp(THIS_Elevation, -89.9, 89.9));
  vec3 offset = THIS_Distance * vec3(cos(el) * sin(az), sin(el), cos(el) * cos(az));
  float r = radians(THIS_Roll);
  vec3 fw = -normalize(offset);
  vec3 rt = normalize(cross(fw, vec3(0.0, 1.0, 0.0)));
  vec3 up = cross(rt, fw);
  return ropkitLookAt(THIS_Target + offset, THIS_Target, cos(r) * up + sin(r) * rt, THIS_Fov, p);
}
