ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = transpose(xfEuler(THIS_Rotate)) * (p - THIS_Translate);
  // A solid of revolution about y: its profile is a cut disk.
#if defined(THIS_Shape_hollow)
  // The shell: the arc of the profile circle below the cut, thickened.
  vec2 pr = vec2(length(q.xz), q.y);
  float rad = THIS_Radius;
  float cutH = clamp(THIS_Cut, -rad, rad);
  float rimR = sqrt(max(rad * rad - cutH * cutH, 0.0));
  // Above the line from the centre through the rim, the rim is nearest.
  float d = (cutH * pr.x < rimR * pr.y ? length(pr - vec2(rimR, cutH)) : abs(length(pr) - rad)) - THIS_Thickness;
#else
  float d = rkCutDisk(vec2(length(q.xz), q.y), THIS_Radius, THIS_Cut);
#endif
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
