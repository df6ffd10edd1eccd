// Per-node template (include with `#include "node/stepVariable.glsl"`),
// statements for the body of a fractal's loop over `int i` up to the
// macro parameter Iterations: they set the node's variable (parameters
// Name and Type: float or vec4) to the step, as float the step over the
// last step (0..1), as vec4 the step, that, 0, 0.
#if defined(THIS_Type_vec4)
    THIS_VAR = vec4(float(i), float(i) / float(max(THIS_Iterations - 1, 1)), 0.0, 0.0);
#else
    THIS_VAR = float(i) / float(max(THIS_Iterations - 1, 1));
#endif
