// The scene distance, called at every marching step.
Sdf THIS_map(vec3 p) {
  return inputOp1(p, ropkitContextAt(p));
}

vec3 THIS_normal(vec3 p) {
  const vec2 e = vec2(1.0, -1.0) * 0.0005;
  return normalize(e.xyy * THIS_map(p + e.xyy).x + e.yyx * THIS_map(p + e.yyx).x +
                   e.yxy * THIS_map(p + e.yxy).x + e.xxx * THIS_map(p + e.xxx).x);
}

// Marches the ray; t ends at the hit (or past MaxDist), steps and nearHit are for the debug buffers.
Sdf THIS_march(Ray ray, out float t, out float steps, out float nearHit, out bool hit) {
  t = 0.0;
  steps = 0.0;
  nearHit = 1e10;
  hit = false;
  Sdf res = createSdf(THIS_MaxDist);
  for (int i = 0; i < THIS_MaxSteps; i++) {
    steps = float(i + 1);
    Sdf s = THIS_map(ray.pos + ray.dir * t);
    nearHit = min(nearHit, s.x);
    if (abs(s.x) < THIS_SurfaceEps * max(t, 1.0)) {
      res = s;
      hit = true;
      break;
    }
    t += s.x;
    if (t > THIS_MaxDist) {
      break;
    }
  }
  return res;
}

float THIS_softShadow(vec3 ro, vec3 rd, float maxT) {
  float res = 1.0;
  float t = 0.02;
  for (int i = 0; i < 80; i++) {
    if (t >= maxT) break;
    float h = THIS_map(ro + rd * t).x;
    if (h < 0.0002) return 0.0;
    res = min(res, THIS_ShadowSharpness * h / t);
    t += clamp(h, 0.01, 0.5);
  }
  return clamp(res, 0.0, 1.0);
}

float THIS_occlusion(vec3 p, vec3 n) {
  float occ = 0.0;
  float sca = 1.0;
  for (int i = 0; i < 5; i++) {
    float h = 0.01 + 0.12 * float(i) / 4.0;
    occ += (h - THIS_map(p + h * n).x) * sca;
    sca *= 0.95;
  }
  return clamp(1.0 - THIS_AOStrength * 3.0 * occ, 0.0, 1.0);
}

// uv: y from -0.5 to 0.5, x scaled by the aspect ratio.
Ray THIS_cameraRay(vec2 uv) {
  if (rk_camPos.w > 0.5) {
    return ropkitLookAt(rk_camPos.xyz, rk_camTarget.xyz, vec3(0.0, 1.0, 0.0), rk_camTarget.w, uv);
  }
#ifdef THIS_HAS_INPUT_2
  return inputOp2(uv, ropkitDefaultCameraContext());
#else
  return ropkitLookAt(vec3(0.0, 2.0, 8.0), vec3(0.0), vec3(0.0, 1.0, 0.0), 45.0, uv);
#endif
}

vec3 THIS_background(vec2 uv, Ray ray) {
#ifdef THIS_HAS_INPUT_3
  return inputOp3(uv, ropkitDefaultContext()).rgb;
#else
  return mix(THIS_Background, THIS_Background * 0.55, clamp(ray.dir.y * 0.5 + 0.5, 0.0, 1.0));
#endif
}

vec3 THIS_shadeLight(vec3 p, vec3 n, Ray ray, Sdf res, Light light, float ao, float ambient) {
  MaterialContext mc = MaterialContext(res, n, ray, light, 1.0, ao, ambient, vec4(0.0));
#ifdef ROPKIT_SDF_ITERATION
  mc.iteration = res.iteration;
#endif
#ifdef THIS_Shadows_on
  if (!light.absent && !light.ambient) {
    vec3 toLight = light.pos - p;
    mc.shadow = THIS_softShadow(p + n * 0.002, normalize(toLight), length(toLight));
  }
#endif
  return ropkitMaterial(p, mc);
}

vec3 THIS_shade(vec3 p, Ray ray, Sdf res) {
  vec3 n = THIS_normal(p);
#ifdef THIS_AO_on
  float ao = THIS_occlusion(p, n);
#else
  float ao = 1.0;
#endif
  LightContext lc = LightContext(res, n);
  vec3 col = vec3(0.0);
  float ambient = THIS_Ambient;
#ifdef THIS_HAS_INPUT_4
  col += THIS_shadeLight(p, n, ray, res, inputOp4(p, lc), ao, ambient);
  ambient = 0.0;
#else
  col += THIS_shadeLight(p, n, ray, res, Light(vec3(6.0, 10.0, 5.0), vec3(1.0), false, false), ao, ambient);
#endif
#ifdef THIS_HAS_INPUT_5
  col += THIS_shadeLight(p, n, ray, res, inputOp5(p, lc), ao, ambient);
#endif
#ifdef THIS_HAS_INPUT_6
  col += THIS_shadeLight(p, n, ray, res, inputOp6(p, lc), ao, ambient);
#endif
#ifdef THIS_HAS_INPUT_7
  col += THIS_shadeLight(p, n, ray, res, inputOp7(p, lc), ao, ambient);
#endif
  return col;
}

// One camera ray through fragCoord, marched into the scene: where every
// buffer starts, pictures and data alike.
Sdf THIS_trace(vec2 fragCoord, out vec2 uv, out Ray ray, out float t, out float steps, out float nearHit, out bool hit) {
  uv = (fragCoord - 0.5 * rk_resolution.xy) / rk_resolution.y;
  ray = THIS_cameraRay(uv);
  return THIS_march(ray, t, steps, nearHit, hit);
}

// The lit colour a ray brings back, fog included, before exposure and gamma.
vec3 THIS_color(vec2 uv, Ray ray, Sdf res, float t, bool hit) {
  vec3 col = hit ? THIS_shade(ray.pos + ray.dir * t, ray, res) : THIS_background(uv, ray);
  if (hit && THIS_FogDensity > 0.0) {
    col = mix(col, THIS_FogColor, 1.0 - exp(-THIS_FogDensity * THIS_FogDensity * t * t));
  }
  return col;
}

// One sample of the picture: the chosen buffer made to be looked at.
vec3 THIS_pixel(vec2 fragCoord) {
  vec2 uv; Ray ray; float t; float steps; float nearHit; bool hit;
  Sdf res = THIS_trace(fragCoord, uv, ray, t, steps, nearHit, hit);
#if defined(THIS_Buffer_depth)
  return vec3(hit ? 1.0 - clamp(t / THIS_MaxDist, 0.0, 1.0) : 0.0);
#elif defined(THIS_Buffer_normal)
  return hit ? THIS_normal(ray.pos + ray.dir * t) * 0.5 + 0.5 : vec3(0.0);
#elif defined(THIS_Buffer_material)
  return hit ? mix(ropkitIdColor(float(res.material)), ropkitIdColor(float(res.material2)), res.blend) : vec3(0.0);
#elif defined(THIS_Buffer_steps)
  return vec3(steps / float(THIS_MaxSteps));
#elif defined(THIS_Buffer_nearHit)
  return vec3(hit ? 1.0 : clamp(1.0 - nearHit * 4.0, 0.0, 1.0));
#else
  return THIS_color(uv, ray, res, t, hit);
#endif
}

// Data renders (ROPKIT_DATA, e.g. Python's render(buffer="depth")): one ray
// through the pixel centre and raw values, alpha 1 where the ray hit:
// depth = distance along the ray, normal = unit normal, material = (id, id2,
// blend) or -1 on a miss, steps = march steps, nearHit = closest approach,
// color = linear colour before exposure and gamma.
vec4 THIS_data(vec2 fragCoord) {
  vec2 uv; Ray ray; float t; float steps; float nearHit; bool hit;
  Sdf res = THIS_trace(fragCoord, uv, ray, t, steps, nearHit, hit);
  float covered = hit ? 1.0 : 0.0;
#if defined(THIS_Buffer_depth)
  return vec4(vec3(hit ? t : 0.0), covered);
#elif defined(THIS_Buffer_normal)
  return vec4(hit ? THIS_normal(ray.pos + ray.dir * t) : vec3(0.0), covered);
#elif defined(THIS_Buffer_material)
  return hit ? vec4(float(res.material), float(res.material2), res.blend, 1.0) : vec4(-1.0, -1.0, 0.0, 0.0);
#elif defined(THIS_Buffer_steps)
  return vec4(vec3(steps), covered);
#elif defined(THIS_Buffer_nearHit)
  return vec4(vec3(nearHit), covered);
#else
  return vec4(THIS_color(uv, ray, res, t, hit), covered);
#endif
}

vec4 thismap(vec2 fragCoord, Context ctx) {
#if defined(ROPKIT_DATA)
  return THIS_data(fragCoord);
#else
  vec3 col = vec3(0.0);
  for (int j = 0; j < THIS_AA; j++) {
    for (int i = 0; i < THIS_AA; i++) {
      vec2 offset = (vec2(float(i), float(j)) + 0.5) / float(THIS_AA) - 0.5;
      col += THIS_pixel(fragCoord + offset);
    }
  }
  col /= float(THIS_AA * THIS_AA);
#if defined(THIS_Buffer_color)
  col = pow(max(col * THIS_Exposure, vec3(0.0)), vec3(1.0 / THIS_Gamma));
#endif
  return vec4(col, 1.0);
#endif
}
