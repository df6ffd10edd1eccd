ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec2)
  vec2 c = THIS_Center.xy;
  vec2 t = THIS_Translate.xy;
#else
  vec3 c = THIS_Center;
  vec3 t = THIS_Translate;
#endif
  float w = THIS_Amount * (1.0 - smoothstep(THIS_Radius, THIS_Radius + max(THIS_Fade, 1e-6), length(p - c)));
  // The input sees the point moved, turned and scaled back.
  CoordT d = p - c - w * t;
#if defined(THIS_COORD_TYPE_vec2)
  d = xfRotate(d, -radians(w * THIS_Rotate.z));
#else
  d = d * xfEuler(w * THIS_Rotate);
#endif
  d /= max(mix(1.0, THIS_Scale, w), 1e-3);
  ReturnT res = inputOp1(c + d, ctx);
  dmScaleDist(res, THIS_StepScale * min(1.0, mix(1.0, THIS_Scale, w)));
  return res;
}
