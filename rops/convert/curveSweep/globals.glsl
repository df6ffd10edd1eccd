// The curve's length, measured once per pixel by THIS_init, and the
// length up to the nearest point, set by THIS_scan.
float THIS_total;
float THIS_bestAlong;
