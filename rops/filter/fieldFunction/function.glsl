ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_1
  vec4 a = vec4(inputOp1(p, ctx));
#else
  vec4 a = vec4(THIS_Value1);
#endif
#ifdef THIS_HAS_INPUT_2
  vec4 b = vec4(inputOp2(p, ctx));
#else
  vec4 b = vec4(THIS_Value2);
#endif
#if defined(THIS_Function_abs)
  vec4 r = abs(a);
#elif defined(THIS_Function_ceil)
  vec4 r = ceil(a);
#elif defined(THIS_Function_floor)
  vec4 r = floor(a);
#elif defined(THIS_Function_sign)
  vec4 r = sign(a);
#elif defined(THIS_Function_exp)
  vec4 r = exp(a);
#elif defined(THIS_Function_exp2)
  vec4 r = exp2(a);
#elif defined(THIS_Function_fract)
  vec4 r = fract(a);
#elif defined(THIS_Function_mod)
  vec4 r = mod(a, b);
#elif defined(THIS_Function_inversesqrt)
  vec4 r = inversesqrt(a);
#elif defined(THIS_Function_pow)
  vec4 r = pow(a, b);
#elif defined(THIS_Function_round)
  vec4 r = round(a);
#elif defined(THIS_Function_roundEven)
  vec4 r = roundEven(a);
#elif defined(THIS_Function_sqrt)
  vec4 r = sqrt(a);
#elif defined(THIS_Function_trunc)
  vec4 r = trunc(a);
#elif defined(THIS_Function_cos)
  vec4 r = cos(a);
#elif defined(THIS_Function_sin)
  vec4 r = sin(a);
#elif defined(THIS_Function_tan)
  vec4 r = tan(a);
#elif defined(THIS_Function_acos)
  vec4 r = acos(a);
#elif defined(THIS_Function_asin)
  vec4 r = asin(a);
#elif defined(THIS_Function_atan)
  vec4 r = atan(a);
#elif defined(THIS_Function_atan2)
  vec4 r = atan(a, b);
#elif defined(THIS_Function_cosh)
  vec4 r = cosh(a);
#elif defined(THIS_Function_sinh)
  vec4 r = sinh(a);
#elif defined(THIS_Function_tanh)
  vec4 r = tanh(a);
#elif defined(THIS_Function_log2)
  vec4 r = log2(a);
#elif defined(THIS_Function_log)
  vec4 r = log(a);
#elif defined(THIS_Function_degrees)
  vec4 r = degrees(a);
#elif defined(THIS_Function_radians)
  vec4 r = radians(a);
#else
  vec4 r = a;
#endif
#if defined(THIS_RETURN_TYPE_vec4)
  return r;
#else
  return r.x;
#endif
}
