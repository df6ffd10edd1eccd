// The larger of a and b, rounded over k (a polynomial blend; k = 0: max).
float THIS_smax(float a, float b, float k) {
  if (k <= 0.0) return max(a, b);
  float h = max(k - abs(a - b), 0.0) / k;
  return max(a, b) + 0.25 * h * h * k;
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p;
  float t = radians(THIS_Rotate);
  q.xz = vec2(cos(t) * q.x + sin(t) * q.z, -sin(t) * q.x + cos(t) * q.z);
  float shell = 0.16 * THIS_Thickness;
  // The wedge about +x between the two side planes.
  vec3 n = normalize(vec3(1.0, 0.0, THIS_Width));
  float d = max(-dot(q, n), dot(q, vec3(n.x, n.y, -n.z)));
  // Tip the cut plane so that the petal reaches the chosen height.
  float reach = mix(PI / 1.2, PI / 2.0, pow(THIS_Radius / 2.9, 2.0)) * THIS_Wrap;
  float tilt = PI / 2.0 - max(reach, 0.0);
  q.yz = vec2(cos(tilt) * q.y + sin(tilt) * q.z, -sin(tilt) * q.y + cos(tilt) * q.z);
  d = THIS_smax(d, q.y, THIS_Thickness);
  d = THIS_smax(d, abs(length(q) - THIS_Radius) - THIS_Thickness * shell, shell);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
