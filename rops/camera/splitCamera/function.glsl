ReturnT thismap(CoordT p, ContextT ctx) {
  // uv runs from -0.5 to 0.5 vertically, the aspect ratio's width across.
  float aspect = ctx.resolution.x / max(ctx.resolution.y, 1.0);
  vec2 uv = p;
#if defined(THIS_Layout_overUnder)
  bool rightEye = uv.y < 0.0;
  // Each half centred on its own middle and scaled back to -0.5..0.5
  // vertically; x is scaled alike, so each eye keeps the half's own shape
  // (twice as wide as high on a square image) instead of being squashed.
  uv = vec2(uv.x, rightEye ? uv.y + 0.25 : uv.y - 0.25) * 2.0;
  float halfWidth = aspect;
  float halfHeight = 0.5;
#else
  bool rightEye = uv.x > 0.0;
  // Each half centred on its own middle.
  uv.x = rightEye ? uv.x - aspect * 0.25 : uv.x + aspect * 0.25;
  float halfWidth = aspect * 0.25;
  float halfHeight = 0.5;
#endif
  float side = rightEye ? 0.5 : -0.5;
  vec3 fw = normalize(THIS_Target - THIS_Position);
  vec3 up0 = abs(fw.y) > 0.999 ? vec3(0.0, 0.0, 1.0) : vec3(0.0, 1.0, 0.0);
  vec3 rt = normalize(cross(fw, up0));
  vec3 up = cross(rt, fw);
#if defined(THIS_Projection_equirectangular)
  // Omni-directional stereo: longitude across each half, latitude up it;
  // each eye sits on a circle, beside the direction it looks in.
  float lon = uv.x / halfWidth * PI;
  float lat = uv.y / halfHeight * 0.5 * PI;
  vec3 ahead = cos(lon) * fw + sin(lon) * rt;
  vec3 beside = cos(lon) * rt - sin(lon) * fw;
  vec3 dir = cos(lat) * ahead + sin(lat) * up;
  return Ray(THIS_Position + beside * side * THIS_EyeSeparation, normalize(dir));
#else
  vec3 eye = THIS_Position + rt * side * THIS_EyeSeparation;
  // Parallel eyes look the same way; converging ones at one point.
  vec3 target = THIS_Convergence > 0.0 ? THIS_Position + fw * THIS_Convergence : eye + fw;
  return ropkitLookAt(eye, target, up0, THIS_Fov, uv);
#endif
}
