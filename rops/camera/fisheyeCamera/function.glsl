ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 fw = normalize(THIS_Target - THIS_Position);
  vec3 up0 = abs(fw.y) > 0.999 ? vec3(0.0, 0.0, 1.0) : vec3(0.0, 1.0, 0.0);
  vec3 rt = normalize(cross(fw, up0));
  vec3 up = cross(rt, fw);
  float fov = radians(THIS_Fov);
#if defined(THIS_Projection_equirectangular)
  float lon = p.x * fov;
  float lat = clamp(p.y * fov, -0.5 * PI, 0.5 * PI);
  vec3 dir = cos(lat) * (sin(lon) * rt + cos(lon) * fw) + sin(lat) * up;
#else
  float r = length(p);
  float theta = r * fov;
  vec2 d2 = r > 1e-6 ? p / r : vec2(0.0);
  vec3 dir = cos(theta) * fw + sin(theta) * (d2.x * rt + d2.y * up);
#endif
  return Ray(THIS_Position, normalize(dir));
}
