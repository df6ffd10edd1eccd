// The seed of particle i of n.
vec3 THIS_seed(int i, int n) {
  float fi = float(i);
#if defined(THIS_Layout_grid)
  // The smallest cube of k^3 >= n points, filled in order.
  int k = int(ceil(pow(float(n), 1.0 / 3.0) - 1e-4));
  vec3 g = vec3(float(i % k), float((i / k) % k), float(i / (k * k)));
  return (k > 1 ? g / float(k - 1) - 0.5 : vec3(0.0)) * THIS_Spread;
#elif defined(THIS_Layout_sphere)
  // A Fibonacci spiral: even heights, golden-angle turns.
  float y = 1.0 - 2.0 * (fi + 0.5) / float(n);
  float r = sqrt(max(1.0 - y * y, 0.0));
  float a = fi * 2.39996322973;
  return 0.5 * THIS_Spread * vec3(r * cos(a), y, r * sin(a));
#else
  return (rkHash33(vec3(fi, fi * 0.37 + 11.0, 7.0)) - 0.5) * THIS_Spread;
#endif
}

Ray THIS_cameraRay(vec2 uv) {
  if (rk_camPos.w > 0.5) {
    return ropkitLookAt(rk_camPos.xyz, rk_camTarget.xyz, vec3(0.0, 1.0, 0.0), rk_camTarget.w, uv);
  }
#ifdef THIS_HAS_INPUT_2
  return inputOp2(uv, ropkitDefaultCameraContext());
#else
  return ropkitLookAt(vec3(0.0, 2.0, 6.0), vec3(0.0), vec3(0.0, 1.0, 0.0), 45.0, uv);
#endif
}

vec4 thismap(vec2 fragCoord, Context ctx) {
  vec2 uv = (fragCoord - 0.5 * rk_resolution.xy) / rk_resolution.y;
  Ray ray = THIS_cameraRay(uv);
  vec3 rd = normalize(ray.dir);
  float nearest = 1e20;
  vec3 col = THIS_Background;
  float r = THIS_Size;
  for (int i = 0; i < THIS_Count; i++) {
    vec3 seed = THIS_seed(i, THIS_Count);
    Context c = ropkitContextAt(seed);
#if defined(THIS_HAS_INPUT_1) && defined(THIS_Move_replace)
    vec3 pos = inputOp1(seed, c).xyz;
#elif defined(THIS_HAS_INPUT_1)
    vec3 pos = seed + inputOp1(seed, c).xyz;
#else
    vec3 pos = seed;
#endif
    // Where the ray passes the centre: along it by t, off it by e.
    vec3 oc = pos - ray.pos;
    float t = dot(oc, rd);
    float e2 = dot(oc, oc) - t * t;
    if (t <= 0.0 || e2 >= r * r) continue;
    float hitT = t - sqrt(r * r - e2);
    if (hitT >= nearest) continue;
    nearest = hitT;
#ifdef THIS_HAS_INPUT_3
    vec3 base = inputOp3(seed, c).rgb;
#else
    vec3 base = THIS_Color;
#endif
    // The ball's normal where the ray meets it, lit from the camera.
    vec3 n = normalize(ray.pos + rd * hitT - pos);
    col = base * mix(1.0, max(dot(n, -rd), 0.0), THIS_Shading);
  }
  return vec4(col, 1.0);
}
