ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 z = (p - THIS_Translate) / THIS_Radius;
  float scale = THIS_Radius;
  if (THIS_Tile) {
    // Kali's tiling of the xz plane: cells 1.5 wide, each mirrored; the
    // fold shrinks distances by 2/3, given back at the end.
    z.xz = abs(0.5 - fract(z.xz / 1.5));
    scale *= 1.5;
  }
  mat3 turn = xfEuler(THIS_Rotate);
  float s = max(THIS_Scale, 1.0001);
  for (int i = 0; i < THIS_Iterations; i++) {
#if defined(THIS_Fold_sphere)
    // Kali's sphere fold: mirror, move back by Step, scale by Scale over
    // the squared radius (held to 0.4..1), shift, turn.
    z = abs(z) - THIS_Step;
    float f = s / clamp(dot(z, z), 0.4, 1.0);
    z = turn * (z * f - THIS_SphereShift);
    scale /= f;
#else
    z = turn * abs(z);
    z = z * s - THIS_Step;
    scale /= s;
#endif
  }
  vec3 e = abs(z) - THIS_BoxSize;
  float box = length(max(e, 0.0)) + min(max(e.x, max(e.y, e.z)), 0.0) - THIS_BoxRound;
  float d = box * scale;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
