#if defined(THIS_COORD_TYPE_vec3)
#define THIS_ASCOORD(v) vec4(v).xyz
#define THIS_ASVEC4(v) vec4(v, 0.0)
#elif defined(THIS_COORD_TYPE_vec2)
#define THIS_ASCOORD(v) vec4(v).xy
#define THIS_ASVEC4(v) vec4(v, 0.0, 0.0)
#else
#define THIS_ASCOORD(v) vec4(v).x
#define THIS_ASVEC4(v) vec4(v, 0.0, 0.0, 0.0)
#endif

ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_1
  CoordT center = THIS_ASCOORD(inputOp1(p, ctx));
#else
  CoordT center = THIS_ASCOORD(vec4(THIS_Center, 0.0));
#endif
  CoordT v = p - center;
  float d = length(v);
  // 1 inside Radius - Fade / 2, 0 from Radius out.
  float inner = THIS_Radius - THIS_Fade * 0.5;
  float outer = THIS_Radius;
#ifdef THIS_HAS_INPUT_2
  float span = inner - outer;
  float t = span != 0.0 ? clamp((d - outer) / span, 0.0, 1.0) : (d < outer ? 1.0 : 0.0);
  float a = inputOp2(t, ctx);
#else
  float a = inner < outer ? 1.0 - smoothstep(inner, outer, d) : (d < outer ? 1.0 : 0.0);
#endif
  a *= THIS_Amount;
#if defined(THIS_RETURN_TYPE_float)
  // Where a float is asked for, the amount, whatever the format.
  return a;
#elif defined(THIS_Format_vectorAmount)
  return THIS_ASVEC4(v) + vec4(0.0, 0.0, 0.0, a);
#elif defined(THIS_Format_centerAmount)
  return THIS_ASVEC4(center) + vec4(0.0, 0.0, 0.0, a);
#elif defined(THIS_Format_scaledVector)
  return THIS_ASVEC4(d > 0.0 ? v / d : v) * a;
#else
  // The amount format where a vector is asked for: the amount in w.
  return vec4(0.0, 0.0, 0.0, a);
#endif
}
