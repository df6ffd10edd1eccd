ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 z = dmPlane(p, THIS_AXIS) * THIS_Scale;
  // f(z), and |f'(z)|.
#if defined(THIS_Function_cube)
  vec2 f = cxMul(z, cxMul(z, z));
  float g = 3.0 * dot(z, z);
#elif defined(THIS_Function_power)
  vec2 f = cxPow(z, THIS_Power);
  float g = abs(THIS_Power) * pow(max(length(z), 1e-9), THIS_Power - 1.0);
#elif defined(THIS_Function_sqrt)
  vec2 f = cxPow(z, 0.5);
  float g = 0.5 / sqrt(max(length(z), 1e-9));
#elif defined(THIS_Function_exp)
  vec2 f = cxExp(z);
  float g = exp(z.x);
#elif defined(THIS_Function_log)
  vec2 f = cxLog(z);
  float g = 1.0 / max(length(z), 1e-9);
#elif defined(THIS_Function_sin)
  vec2 f = cxSin(z);
  float g = length(cxCos(z));
#elif defined(THIS_Function_cos)
  vec2 f = cxCos(z);
  float g = length(cxSin(z));
#elif defined(THIS_Function_sinh)
  vec2 f = cxSinh(z);
  float g = length(cxCosh(z));
#elif defined(THIS_Function_cosh)
  vec2 f = cxCosh(z);
  float g = length(cxSinh(z));
#elif defined(THIS_Function_tan)
  vec2 cz = cxCos(z);
  vec2 f = cxDiv(cxSin(z), cz);
  float g = 1.0 / max(dot(cz, cz), 1e-9);
#elif defined(THIS_Function_inverse)
  vec2 f = cxDiv(vec2(1.0, 0.0), z);
  float g = 1.0 / max(dot(z, z), 1e-9);
#else
  vec2 f = cxMul(z, z);
  float g = 2.0 * length(z);
#endif
  ReturnT res = inputOp1(dmUnplane(p, f, dmAlong(p, THIS_AXIS), THIS_AXIS), ctx);
  dmScaleDist(res, THIS_StepScale / max(g * THIS_Scale, 1e-3));
  return res;
}
