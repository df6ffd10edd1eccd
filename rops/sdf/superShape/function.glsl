float THIS_superformula(float angle, float m, vec3 n) {
  float a = pow(abs(cos(m * angle * 0.25)), n.y);
  float b = pow(abs(sin(m * angle * 0.25)), n.z);
  return pow(max(a + b, 1e-6), -1.0 / n.x);
}

// Gielis' surface is P(t, f) = r2(f) (r1(t) cos t cos f, sin f, r1(t) sin t cos f).
// The direction of longitude lon and latitude lat meets it at t = lon and
// tan f = r1(lon) tan lat; this returns |P| there, the surface's radius.
float THIS_radius(float lon, float lat) {
  float r1 = THIS_superformula(lon, THIS_LongitudeM, THIS_LongitudeN);
  float f = atan(r1 * sin(lat), cos(lat));
  float r2 = THIS_superformula(f, THIS_LatitudeM, THIS_LatitudeN);
  return THIS_Radius * r2 * length(vec2(r1 * cos(f), sin(f)));
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  float r = length(q);
  float lon = atan(q.z, q.x);
  float lat = asin(clamp(q.y / max(r, 1e-9), -1.0, 1.0));
  float radius = THIS_radius(lon, lat);
  // The radial gap over the slope of the surface: the radius changes by
  // dR/dlon / (r cos lat) and dR/dlat / r per unit of sideways travel (cos lat
  // held above 0.2, so rays along the poles still advance).
  const float h = 1e-3;
  float dLon = (THIS_radius(lon + h, lat) - THIS_radius(lon - h, lat)) / (2.0 * h);
  float dLat = (THIS_radius(lon, lat + h) - THIS_radius(lon, lat - h)) / (2.0 * h);
  float rr = max(r, 1e-4);
  vec2 slope = vec2(dLon / (rr * max(cos(lat), 0.2)), dLat / rr);
  float d = 0.8 * (r - radius) / sqrt(1.0 + dot(slope, slope));
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
