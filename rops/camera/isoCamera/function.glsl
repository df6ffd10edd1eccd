ReturnT thismap(CoordT p, ContextT ctx) {
  float az = radians(THIS_Azimuth);
  float el = radians(THIS_Elevation);
  // From the target towards the camera.
  vec3 back = vec3(cos(el) * sin(az), sin(el), cos(el) * cos(az));
  vec3 fw = -back;
  vec3 up0 = abs(fw.y) > 0.999 ? vec3(0.0, 0.0, 1.0) : vec3(0.0, 1.0, 0.0);
  vec3 rt = normalize(cross(fw, up0));
  vec3 up = cross(rt, fw);
  // Roll: the screen axes turned about the view direction.
  float roll = radians(THIS_Roll);
  vec3 rt2 = cos(roll) * rt + sin(roll) * up;
  up = cos(roll) * up - sin(roll) * rt;
  rt = rt2;
#if defined(THIS_Projection_oblique)
  // The picture on world x and y, turned by Roll; the rays along the view.
  rt = vec3(cos(roll), sin(roll), 0.0);
  up = vec3(-sin(roll), cos(roll), 0.0);
#endif
  vec3 origin = THIS_Target + back * THIS_Distance + (p.x * rt + p.y * up) * THIS_Size;
  return Ray(origin, fw);
}
