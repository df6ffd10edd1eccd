ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  float r = max(THIS_Radius, 1e-6);
  // The profile is the arc of the circle below the cut: it spans
  // acos(-cut / r) to either side of straight down.
  float span = acos(clamp(-THIS_Cut / r, -1.0, 1.0));
  float d = rkArcY(vec2(length(q.xz), -q.y), r, span) - THIS_Thickness_at(p, ctx);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
