ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  // The frame of the Direction: the limb runs along y and bends towards x.
#if defined(THIS_Direction_xy)
  q = q.yxz;
#elif defined(THIS_Direction_xz)
  q = q.zxy;
#elif defined(THIS_Direction_yz)
  q = q.zyx;
#elif defined(THIS_Direction_zx)
  q = q.xzy;
#elif defined(THIS_Direction_zy)
  q = q.yzx;
#endif
  float len = THIS_Length;
  float angle = THIS_Angle;
  float w = THIS_Thickness;
#if defined(THIS_Shape_square)
  // A square section: the flat band in the plane, extruded across it.
  float d = rkpExtrude(THIS_bentBand(q.xy, len, angle, w), q.z, w);
#else
  // The centre line lies in the xy plane, so the distance to it is the
  // in-plane distance combined with the height above the plane.
  float inPlane = rkpBentPath(q.xy, len, angle);
  float d = length(vec2(inPlane, q.z)) - w;
#endif
#ifdef THIS_RETURN_TYPE_Sdf
#if defined(ROPKIT_SDF_UV)
  // u: the offset across the limb in its plane, towards the side it bends
  // to (0 on the centre line); v: the place along it over Length, 0 at the
  // start and 1 at the tip, continued past the ends along their tangents.
  Sdf res = createSdf(d);
  vec2 uv = vec2(q.x, q.y / max(len, 1e-6));
  if (abs(angle) >= 1e-4) {
    float rho = len / angle;
    float s = sign(rho);
    float ar = abs(rho);
    float a = abs(angle);
    vec2 c = q.xy - vec2(rho, 0.0);
    float t = atan(c.y, -s * c.x);
    if (t < 0.0) t += TAU;
    vec2 tip = vec2(rho, 0.0) + ar * vec2(-s * cos(a), sin(a));
    float along = ar * t;
    if (t > a) {
      along = length(q.xy) <= length(q.xy - tip) ? q.y : len + dot(q.xy - tip, vec2(s * sin(a), cos(a)));
    }
    uv = vec2(s * (ar - length(c)), along / max(len, 1e-6));
  }
  res.uv = uv;
  return res;
#else
  return createSdf(d);
#endif
#else
  return d;
#endif
}
