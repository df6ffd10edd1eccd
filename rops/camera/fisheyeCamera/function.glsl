ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 fw = normalize(THIS_Target - THIS_Position);
  vec3 u = normalize(THIS_Up);
  // Looking along Up leaves no sideways direction: take another.
  vec3 up0 = abs(dot(fw, u)) > 0.999 ? (abs(u.z) < 0.9 ? vec3(0.0, 0.0, 1.0) : vec3(1.0, 0.0, 0.0)) : u;
  vec3 rt = normalize(cross(fw, up0));
  vec3 up = cross(rt, fw);
  float fov = radians(THIS_Fov);
#if defined(THIS_Projection_equirectangular)
  float lon = p.x * fov;
  float lat = clamp(p.y * fov, -0.5 * PI, 0.5 * PI);
  vec3 dir = cos(lat) * (sin(lon) * rt + cos(lon) * fw) + sin(lat) * up;
#else
  float r = length(p);
  // r / f, with the focal length f = 1 / fov (asin written as atan: the
  // GPU's asin is coarse near 1).
  float rf = r * fov;
#if defined(THIS_Projection_pinhole)
  float theta = atan(rf);
#elif defined(THIS_Projection_stereographic)
  float theta = 2.0 * atan(0.5 * rf);
#elif defined(THIS_Projection_equisolid)
  float sa = min(0.5 * rf, 1.0);
  float theta = 2.0 * atan(sa, sqrt(1.0 - sa * sa));
#elif defined(THIS_Projection_orthographic)
  float sa = min(rf, 1.0);
  float theta = atan(sa, sqrt(1.0 - sa * sa));
#else
  float theta = rf;
#endif
  vec2 d2 = r > 1e-6 ? p / r : vec2(0.0);
  vec3 dir = cos(theta) * fw + sin(theta) * (d2.x * rt + d2.y * up);
#endif
  return Ray(THIS_Position, xfEuler(THIS_Rotate) * normalize(dir));
}
