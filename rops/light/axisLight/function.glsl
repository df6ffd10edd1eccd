ReturnT thismap(CoordT p, ContextT ctx) {
  // The nearest point of the line: Position, its axis coordinate the point's.
  vec3 source = THIS_Position;
  source.THIS_Axis = p.THIS_Axis;
  vec3 toLine = source - p;
  float dist = length(toLine);
  vec3 outer = THIS_VAR;
  THIS_VAR = dist > 0.0 ? toLine / dist : vec3(0.0, 1.0, 0.0);
  vec3 color = THIS_Color * THIS_Intensity;
  THIS_VAR = outer;
  if (THIS_Attenuated) {
    float span = max(THIS_AttenuationEnd - THIS_AttenuationStart, 1e-6);
    float level = 1.0 - smoothstep(0.0, 1.0, (dist - THIS_AttenuationStart) / span);
#ifdef THIS_HAS_INPUT_1
    level = inputOp1(level, ctx);
#endif
    color *= level;
  }
  return Light(source, color, false, false);
}
