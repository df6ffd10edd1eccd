ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  float r = THIS_Radius;
  float rc = clamp(THIS_Rounding, 0.0, 1.0) * r;
  float legs = THIS_LegHeight;
  float t = 0.5 * THIS_Thickness;
  bool inside;
  float d = 1e20;
  if (THIS_Frame) {
    float d2;
    if (THIS_FrameBottom) {
      // A band around the closed outline.
      d2 = THIS_outline(q.xy, r, rc, legs, true, inside) - t;
    } else if (rc >= r) {
      d2 = rkpArch(q.xy, r, THIS_Thickness, legs);
    } else {
      // The band around the open outline, its legs cut flat at the foot
      // (as rkpArch does for the half circle).
      float across = max(abs(abs(q.x) - r) - t, 0.0);
      float foot = q.y + legs;
      if (foot < 0.0) {
        d2 = length(vec2(across, foot));
      } else {
        float side = THIS_outline(q.xy, r, rc, legs, false, inside) - t;
        d2 = side > 0.0 ? side : -min(-side, foot);
      }
    }
    d = rkpExtrude(d2, q.z, 0.5 * THIS_Depth);
  }
  if (THIS_Panel) {
    // The filled outline, up to the band's centre line.
    float e = THIS_outline(q.xy, r, rc, legs, true, inside);
    d = min(d, rkpExtrude(inside ? -e : e, q.z, 0.5 * THIS_PanelDepth));
  }
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
