// The smaller of a and b, rounded over k (a polynomial blend).
float THIS_smin(float a, float b, float k) {
  float h = max(k - abs(a - b), 0.0) / k;
  return min(a, b) - 0.25 * h * h * k;
}

// Distance to the ball on lattice point `corner`, its centre `offset` away.
float THIS_ball(vec3 corner, vec3 offset, float size) {
  float h = rkHash13(corner);
  return length(offset) - size * h * h;
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
#if defined(THIS_NoiseType_simplex)
  const float skew = 1.0 / 3.0;
  const float unskew = 1.0 / 6.0;
  vec3 cell = floor(q + dot(q, vec3(skew)));
  vec3 d0 = q - (cell - dot(cell, vec3(unskew)));
  // Which of the six tetrahedra of the skewed cube holds the point.
  vec3 e = step(d0.yzx, d0);
  vec3 c1 = e * (1.0 - e.zxy);
  vec3 c2 = 1.0 - e.zxy * (1.0 - e);
  float a = THIS_ball(cell, d0, 0.5);
  float b = THIS_ball(cell + c1, d0 - c1 + unskew, 0.5);
  float c = THIS_ball(cell + c2, d0 - c2 + 2.0 * unskew, 0.5);
  float d = THIS_ball(cell + 1.0, d0 - 1.0 + 3.0 * unskew, 0.5);
  float dist = THIS_smin(THIS_smin(a, b, 0.2), THIS_smin(c, d, 0.2), 0.2);
#else
  vec3 cell = floor(q);
  vec3 f = q - cell;
  float k = 0.3;
  float x0 = THIS_smin(THIS_smin(THIS_ball(cell, f, 0.75), THIS_ball(cell + vec3(0, 0, 1), f - vec3(0, 0, 1), 0.75), k),
                       THIS_smin(THIS_ball(cell + vec3(0, 1, 0), f - vec3(0, 1, 0), 0.75), THIS_ball(cell + vec3(0, 1, 1), f - vec3(0, 1, 1), 0.75), k), k);
  float x1 = THIS_smin(THIS_smin(THIS_ball(cell + vec3(1, 0, 0), f - vec3(1, 0, 0), 0.75), THIS_ball(cell + vec3(1, 0, 1), f - vec3(1, 0, 1), 0.75), k),
                       THIS_smin(THIS_ball(cell + vec3(1, 1, 0), f - vec3(1, 1, 0), 0.75), THIS_ball(cell + vec3(1, 1, 1), f - vec3(1, 1, 1), 0.75), k), k);
  float dist = THIS_smin(x0, x1, k);
#endif
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(dist);
#else
  return dist;
#endif
}
