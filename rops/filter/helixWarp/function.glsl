ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 w = dmPlane(p, THIS_AXIS);
  // The point turned back by Phase: the helix turns forward.
  float ph = radians(THIS_Phase);
  w = vec2(cos(ph) * w.x + sin(ph) * w.y, -sin(ph) * w.x + cos(ph) * w.y);
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
