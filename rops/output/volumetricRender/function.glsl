// Single scattering in a participating medium. Along the camera ray, in
// steps, the medium's density (extinction per unit length) dims whatever
// lies behind it by its transmittance, exp(-integral of density), and
// scatters light from each light towards the camera: density x albedo x
// phase x the light that reaches the sample, which the solid scene may
// block (shafts: god rays) and the medium dims on the way. Each step's
// share is integrated exactly over the step, so the result does not depend
// on the step count for a uniform medium (Hillaire 2015, "Physically Based
// and Unified Volumetric Rendering in Frostbite").

#define THIS_MAX_LIGHTS THIS_LIGHT_SLOTS

Sdf THIS_map(vec3 p) {
#ifdef THIS_HAS_INPUT_1
  return inputOp1(p, ropkitContextAt(p));
#else
  return createSdf(1e10);
#endif
}

// The medium's extinction per unit of distance at p.
float THIS_density(vec3 p) {
#ifdef THIS_HAS_INPUT_3
  return max(inputOp3(p, ropkitContextAt(p)), 0.0) * THIS_Density;
#else
  return THIS_Density;
#endif
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

// The lights at p, from the light inputs; without any, one default light.
int THIS_lights(vec3 p, LightContext lc, inout Light lights[THIS_MAX_LIGHTS]) {
  int n = 0;
#ifdef THIS_HAS_INPUT_4
  lights[n++] = inputOp4(p, lc);
#endif
#ifdef THIS_HAS_INPUT_5
  lights[n++] = inputOp5(p, lc);
#endif
#ifdef THIS_HAS_INPUT_6
  lights[n++] = inputOp6(p, lc);
#endif
#ifdef THIS_HAS_INPUT_7
  lights[n++] = inputOp7(p, lc);
#endif
#ifdef THIS_HAS_INPUT_8
  lights[n++] = inputOp8(p, lc);
#endif
#ifdef THIS_HAS_INPUT_9
  lights[n++] = inputOp9(p, lc);
#endif
#ifdef THIS_HAS_INPUT_10
  lights[n++] = inputOp10(p, lc);
#endif
#ifdef THIS_HAS_INPUT_11
  lights[n++] = inputOp11(p, lc);
#endif
  if (n == 0) {
    lights[n++] = Light(vec3(6.0, 10.0, 5.0), vec3(1.0), false, false);
  }
  return n;
}

// 1 where the way from p towards a light maxT away is open, 0 where the
// solid scene blocks it: a hard shadow, so shafts keep their edges.
float THIS_open(vec3 p, vec3 dir, float maxT) {
#ifdef THIS_HAS_INPUT_1
  float t = 0.02;
  int n = THIS_ShadowSteps;
  for (int i = 0; i < n; i++) {
    if (t >= maxT) {
      break;
    }
    float d = THIS_map(p + dir * t).x;
    if (d < 0.0005) {
      return 0.0;
    }
    t += d;
  }
#endif
  return 1.0;
}

// What the medium leaves of light travelling maxT (at most half of
// MaxDist) from a light to p, in LightSteps samples.
float THIS_lightTransmittance(vec3 p, vec3 dir, float maxT) {
  int n = THIS_LightSteps;
  if (n <= 0) {
    return 1.0;
  }
  float dt = min(maxT, 0.5 * THIS_MaxDist) / float(n);
  float tau = 0.0;
  for (int i = 0; i < n; i++) {
    tau += THIS_density(p + dir * (float(i) + 0.5) * dt);
  }
  return exp(-tau * dt);
}

// Henyey-Greenstein phase, relative to scattering evenly (1 for g = 0):
// how much of the light travelling along l goes on along v.
float THIS_phase(float cosTheta) {
  float g = THIS_Anisotropy;
  float k = 1.0 + g * g - 2.0 * g * cosTheta;
  return (1.0 - g * g) / (k * sqrt(k));
}

vec4 thismap(vec2 fragCoord, Context ctx) {
  vec2 uv = (fragCoord - 0.5 * rk_resolution.xy) / rk_resolution.y;
  Ray ray = THIS_cameraRay(uv);

  // The solid scene along the ray: where the medium ends.
  float tEnd = THIS_MaxDist;
  bool hit = false;
  Sdf res = createSdf(THIS_MaxDist);
#ifdef THIS_HAS_INPUT_1
  float t = 0.0;
  for (int i = 0; i < THIS_MaxSteps; i++) {
    Sdf s = THIS_map(ray.pos + ray.dir * t);
    if (abs(s.x) < THIS_SurfaceEps * max(t, 1.0)) {
      hit = true;
      res = s;
      break;
    }
    t += s.x;
    if (t > THIS_MaxDist) {
      break;
    }
  }
  if (hit) {
    tEnd = t;
  }
#endif

  // The medium in front of it. Samples start at a per-pixel offset
  // (interleaved gradient noise) so that steps show as fine grain, not bands.
  vec3 scattered = vec3(0.0);
  float trans = 1.0;
  int steps = max(THIS_Steps, 1);
  float dt = tEnd / float(steps);
  float jitter = fract(52.9829189 * fract(dot(fragCoord, vec2(0.06711056, 0.00583715))));
  for (int i = 0; i < steps; i++) {
    vec3 p = ray.pos + ray.dir * ((float(i) + jitter) * dt);
    float sigma = THIS_density(p);
    if (sigma <= 0.0) {
      continue;
    }
    Light lights[THIS_MAX_LIGHTS];
    int count = THIS_lights(p, LightContext(createSdf(0.0), -ray.dir), lights);
    vec3 inLight = vec3(THIS_Ambient);
    for (int k = 0; k < THIS_MAX_LIGHTS; k++) {
      if (k >= count) {
        break;
      }
      Light l = lights[k];
      if (l.absent) {
        continue;
      }
      if (l.ambient) {
        inLight += l.color;
        continue;
      }
      vec3 toLight = l.pos - p;
      float dist = length(toLight);
      vec3 dir = toLight / max(dist, 1e-6);
      float reach = THIS_open(p, dir, dist);
      if (reach > 0.0) {
        reach *= THIS_lightTransmittance(p, dir, dist);
      }
      inLight += l.color * reach * THIS_phase(dot(dir, ray.dir));
    }
    float stepTrans = exp(-sigma * dt);
    // The scattered light integrated over the step: (1 - e^-sigma dt) / sigma
    // of the source sigma x albedo x light.
    scattered += trans * inLight * THIS_Albedo * (1.0 - stepTrans);
    trans *= stepTrans;
    if (trans < 0.002) {
      trans = 0.0;
      break;
    }
  }

  // What lies behind the medium: a surface lit through its materials (the
  // light dimmed by the medium on its way), or the background.
  vec3 behind = THIS_Background;
  if (hit && trans > 0.0) {
    vec3 p = ray.pos + ray.dir * tEnd;
    vec3 nsum = vec3(0.0);
    for (int i = 0; i < 4; i++) {
      // Tetrahedron taps: (1,-1,-1), (-1,-1,1), (-1,1,-1), (1,1,1).
      vec3 tap = vec3(((i ^ (i >> 1)) & 1) == 0 ? 1.0 : -1.0, (i & 2) != 0 ? 1.0 : -1.0, (i & 1) != 0 ? 1.0 : -1.0);
      nsum += tap * THIS_map(p + tap * 0.0005).x;
    }
    vec3 n = normalize(nsum);
    Light lights[THIS_MAX_LIGHTS];
    int count = THIS_lights(p, LightContext(res, n), lights);
    behind = vec3(0.0);
    for (int k = 0; k < THIS_MAX_LIGHTS; k++) {
      if (k >= count) {
        break;
      }
      Light l = lights[k];
      float shadow = 1.0;
      if (!l.absent && !l.ambient) {
        vec3 toLight = l.pos - p;
        float dist = length(toLight);
        vec3 from = p + n * max(0.002, 2.0 * THIS_SurfaceEps * tEnd);
        shadow = THIS_open(from, toLight / max(dist, 1e-6), dist) * THIS_lightTransmittance(from, toLight / max(dist, 1e-6), dist);
      }
      MaterialContext mc = MaterialContext(res, n, ray, l, shadow, 1.0, k == 0 ? THIS_Ambient : 0.0, vec4(0.0));
#ifdef ROPKIT_SDF_ITERATION
      mc.iteration = res.iteration;
#endif
      behind += ropkitMaterial(p, mc);
    }
  }

  vec3 col = scattered + trans * behind;
#if defined(ROPKIT_DATA)
  // Data renders: the linear colour, alpha 1 where a surface was hit.
  return vec4(col, hit ? 1.0 : 0.0);
#else
  return vec4(pow(max(col * THIS_Exposure, vec3(0.0)), vec3(1.0 / THIS_Gamma)), 1.0);
#endif
}
