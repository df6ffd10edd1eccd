// Shifted time for the time ROPs. timeShift sets rkTimeShift / rkTimeScale
// while it evaluates its input and restores them after, so everything it
// calls sees time * scale + shift. Outside any timeShift both leave time as
// it is.
float rkTimeShift = 0.0;
float rkTimeScale = 1.0;

// The time in seconds as the ROP being evaluated sees it. (Written before
// iTime is redefined below: here iTime is still the real clock.)
float rkTime() {
  return rk_time.x * rkTimeScale + rkTimeShift;
}

// Everything after this, all ROP code included, reads the shifted time
// through iTime as well. In a Shadertoy export iTime is Shadertoy's uniform,
// which a macro may hide in the same way.
#undef iTime
#define iTime rkTime()
