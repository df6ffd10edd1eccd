#include "node/axisCoord.glsl"

ReturnT thismap(CoordT p, ContextT ctx) {
  return abs(THIS_axisCoord(p) - THIS_Center);
}
