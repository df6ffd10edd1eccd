ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 w = dmPlane(p, THIS_AXIS);
  float h = dmAlong(p, THIS_AXIS);
  float pitch = max(THIS_Pitch, 1e-4);
  float a = mod(atan(w.y, w.x), TAU);
  // The nearest winding at this angle: the helix angle unwrapped.
  float k = floor((h - a / TAU * pitch) / pitch + 0.5);
  float t = a + TAU * k;
  float climb = pitch / TAU;
  // Arc length along the helix, out from it, and up from it.
  vec3 q = vec3(t * sqrt(THIS_Radius * THIS_Radius + climb * climb), length(w) - THIS_Radius, h - t * climb);
  ReturnT res = inputOp1(q, ctx);
  dmScaleDist(res, THIS_StepScale);
  return res;
}
