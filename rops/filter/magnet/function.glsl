ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec2)
  vec2 c = THIS_Center.xy;
  vec2 t = THIS_Translate.xy;
#else
  vec3 c = THIS_Center;
  vec3 t = THIS_Translate;
#endif
#if defined(THIS_HAS_INPUT_2) && defined(inputOp2_RETURN_TYPE_vec4)
  // The magnet's centre from a vec4 field.
#if defined(THIS_COORD_TYPE_vec2)
  c = inputOp2(p, ctx).xy;
#else
  c = inputOp2(p, ctx).xyz;
#endif
  float dist = length(p - c);
#elif defined(THIS_HAS_INPUT_2) && defined(inputOp2_RETURN_TYPE_Sdf)
  // The distance to the magnet's shape.
  float dist = inputOp2(p, ctx).x;
#elif defined(THIS_HAS_INPUT_2)
  float dist = inputOp2(p, ctx);
#else
  float dist = length(p - c);
#endif
#ifdef THIS_HAS_INPUT_3
  // The easing maps the fade (1 within Radius, 0 from Radius + Fade) onto
  // the pull.
  float w = THIS_Amount * inputOp3(1.0 - clamp((dist - THIS_Radius) / max(THIS_Fade, 1e-6), 0.0, 1.0), ctx);
#else
  float w = THIS_Amount * (1.0 - smoothstep(THIS_Radius, THIS_Radius + max(THIS_Fade, 1e-6), dist));
#endif
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
