ReturnT thismap(CoordT p, ContextT ctx) {
  return vec4(inputOp1(vec3(p, 0.0), ctx).d);
}
