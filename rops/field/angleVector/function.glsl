ReturnT thismap(CoordT p, ContextT ctx) {
  float theta = THIS_ThetaOffset;
#ifdef THIS_HAS_INPUT_1
  theta += inputOp1(p, ctx);
#endif
  theta = radians(theta);
#ifdef THIS_HAS_INPUT_3
  float len = inputOp3(p, ctx);
#else
  float len = THIS_Length;
#endif
#if defined(THIS_COORD_TYPE_vec3)
  float phi = THIS_PhiOffset;
#ifdef THIS_HAS_INPUT_2
  phi += inputOp2(p, ctx);
#endif
  phi = radians(phi);
  float s = sin(theta);
  return vec4(len * s * cos(phi), len * s * sin(phi), len * cos(theta), 0.0);
#else
  return vec4(len * cos(theta), len * sin(theta), 0.0, 0.0);
#endif
}
