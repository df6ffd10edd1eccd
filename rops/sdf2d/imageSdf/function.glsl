// The image at the centre of pixel t (whole numbers, t = 0 the first pixel,
// rows from the top) minus the threshold: positive inside. Beyond the
// image's edges counts as outside.
float THIS_at(vec2 t, vec2 res) {
  if (any(lessThan(t, vec2(0.0))) || any(greaterThanEqual(t, res))) return -1.0;
  // Explicit level 0: SDFs run in non-uniform control flow. At a pixel's
  // centre the filter returns that pixel alone.
  vec4 c = textureLod(THIS_Texture, (t + 0.5) / res, 0.0);
  // The texture is decoded from sRGB; the threshold speaks of the file's values.
  c.rgb = mix(c.rgb * 12.92, 1.055 * pow(max(c.rgb, vec3(0.0)), vec3(1.0 / 2.4)) - 0.055,
              step(vec3(0.0031308), c.rgb));
#if defined(THIS_Channel_red)
  float v = c.r;
#elif defined(THIS_Channel_green)
  float v = c.g;
#elif defined(THIS_Channel_blue)
  float v = c.b;
#elif defined(THIS_Channel_alpha)
  float v = c.a;
#else
  float v = dot(c.rgb, vec3(0.2126, 0.7152, 0.0722));
#endif
  v -= THIS_Threshold;
  return THIS_Invert ? -v : v;
}

// Where the outline crosses the cell edge from a (value va) to b (vb), if it does.
void THIS_cross(vec2 a, vec2 b, float va, float vb, inout vec2 pts[4], inout int n) {
  if ((va > 0.0) != (vb > 0.0)) {
    pts[n] = mix(a, b, va / (va - vb));
    n++;
  }
}

ReturnT thismap(CoordT p, ContextT ctx) {
  const int N = THIS_Search;
  const int W = THIS_W;
  vec2 size = max(abs(THIS_Size), vec2(1e-4));
  vec2 q = p - THIS_Translate;
  vec2 res = vec2(textureSize(THIS_Texture, 0));
  vec2 texel = size / res;  // one pixel in world units
  // Pixel coordinates with the centres on whole numbers.
  vec2 tp = vec2(q.x / size.x + 0.5, 0.5 - q.y / size.y) * res - 0.5;
  vec2 base = floor(tp);
  // The pixels around p: the corners of (2N + 1)^2 cells, p in the middle one.
  float g[THIS_WW];
  for (int j = 0; j < W; j++) {
    for (int i = 0; i < W; i++) {
      g[j * W + i] = THIS_at(base + vec2(float(i - N), float(j - N)), res);
    }
  }
  // The sign: the value at p, interpolated in its cell like the outline.
  vec2 f = tp - base;
  float v = mix(mix(g[N * W + N], g[N * W + N + 1], f.x),
                mix(g[(N + 1) * W + N], g[(N + 1) * W + N + 1], f.x), f.y);
  // The distance: to the outline traced through every cell (marching
  // squares: straight pieces between the crossings on the cell's edges).
  // Without an outline in reach, the reach itself is a lower estimate.
  vec2 P = tp * texel;
  float dist = float(N) * min(texel.x, texel.y);
  for (int j = 0; j < W - 1; j++) {
    for (int i = 0; i < W - 1; i++) {
      float a = g[j * W + i];
      float b = g[j * W + i + 1];
      float c = g[(j + 1) * W + i];
      float d = g[(j + 1) * W + i + 1];
      vec2 o = (base + vec2(float(i - N), float(j - N))) * texel;
      vec2 pts[4];
      int n = 0;
      // Around the cell: the edges a-b, b-d, d-c, c-a.
      THIS_cross(o, o + vec2(texel.x, 0.0), a, b, pts, n);
      THIS_cross(o + vec2(texel.x, 0.0), o + texel, b, d, pts, n);
      THIS_cross(o + texel, o + vec2(0.0, texel.y), d, c, pts, n);
      THIS_cross(o + vec2(0.0, texel.y), o, c, a, pts, n);
      if (n >= 2) dist = min(dist, rkSegment(P, pts[0], pts[1]));
      if (n == 4) {
        // A saddle: either pairing of the four crossings may be the
        // outline; the nearer of all four pieces keeps the estimate low.
        dist = min(dist, rkSegment(P, pts[2], pts[3]));
        dist = min(dist, rkSegment(P, pts[1], pts[2]));
        dist = min(dist, rkSegment(P, pts[3], pts[0]));
      }
    }
  }
  float d = v > 0.0 ? -dist : dist;
  // The shape lies within the image's rectangle: that bound helps far away.
  vec2 out_ = abs(q) - 0.5 * size;
  d = max(d, length(max(out_, 0.0)) + min(max(out_.x, out_.y), 0.0));
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
