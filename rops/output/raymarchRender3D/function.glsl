// Two shapes of the same raymarcher, chosen by the size of the scene
// (THIS_SEPARATE_LOOPS, from the macro table's inputSize row).
//
// Small scenes: a loop per job (the march along the camera ray, the four
// taps of the normal, the ambient-occlusion taps, a soft-shadow march per
// light), each calling the scene. Drivers inline every call of a function,
// so the scene is compiled a few times over, which a small scene can afford,
// and each loop runs lean: on the default preset frames take about half the
// time of the shape below.
//
// Big scenes: one call site. Everything a pixel needs from the scene is
// served by one loop that calls the scene function in exactly one place, so
// a network of a thousand nodes is compiled once. The loop walks through
// phases, each asking the scene for the next distance it needs.

#if (defined(THIS_USE_REFLECTION) && defined(ROPKIT_SURFACE_REFLECT)) || (defined(THIS_USE_REFRACTION) && defined(ROPKIT_SURFACE_REFRACT))
// Reflections and refraction (the Reflections and Refractions parameters,
// with reflectMaterial and glassMaterial in the scene): a ray goes on from
// its hit as further segments of one loop (THIS_radiance), each marched by
// the same phase loop, so the scene and the material switch keep one call
// site each. Compiled in only when a pass count and a material of the kind
// meet; otherwise every line of it is folded away before any compiler sees
// the shader.
#endif
#define THIS_PHASE_MARCH 0
#define THIS_PHASE_NORMAL 1
#define THIS_PHASE_AO 2
#define THIS_PHASE_SHADOW 3
#define THIS_PHASE_DONE 4

// Lights: the fourth input and every slot after it (the ROP is variadic);
// THIS_LIGHT_SLOTS (from the macro table) counts the connected ones.
#define THIS_MAX_LIGHTS THIS_LIGHT_SLOTS

// What the buffers need: the normal for the picture and the normal buffer;
// occlusion and shadows for the picture only.
#if defined(THIS_Buffer_color) || defined(THIS_Buffer_normal) || defined(ROPKIT_DATA)
#define THIS_NEEDS_NORMAL
#endif
#if defined(THIS_Buffer_color) && defined(THIS_AO_on)
#define THIS_NEEDS_AO
#endif
#if defined(THIS_Buffer_color) && defined(THIS_Shadows_on)
#define THIS_NEEDS_SHADOWS
#endif

// A count the driver cannot see through: loops bounded by it are not
// unrolled (an unrolled loop would copy the scene once per iteration).
#define THIS_OPAQUE(n) (rk_resolution.x > 0.0 ? (n) : 0)

// The scene distance, at the one place it is called.
Sdf THIS_map(vec3 p) {
  return inputOp1(p, ropkitContextAt(p));
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
#ifdef ROPKIT_VIEW_RAY
  // For a background that looks along the ray (environmentMap).
  ropkitViewDir = ray.dir;
#endif
  return inputOp3(uv, ropkitDefaultContext()).rgb;
#else
  return mix(THIS_Background, THIS_Background * 0.55, clamp(ray.dir.y * 0.5 + 0.5, 0.0, 1.0));
#endif
}

#ifdef ROPKIT_LIGHT_SHADOWS
// Each light's own shadow sharpness, as its softShadow or hardShadow node
// left it in ropkitLightShadow (-1: the renderer's ShadowSharpness, 0: the
// light casts no shadow).
float THIS_lightSharp[THIS_MAX_LIGHTS];
// And the light left inside its shadow (0: none), from hardShadow's Shadow
// level.
float THIS_lightLevel[THIS_MAX_LIGHTS];
// And where its shadow ray starts and stops (-1: the renderer's own), from
// softShadow's distance overrides.
float THIS_lightMin[THIS_MAX_LIGHTS];
float THIS_lightMax[THIS_MAX_LIGHTS];

// Keeps what the light node just called left in the shadow globals for
// light i, and resets them for the next.
void THIS_keepShadow(int i) {
  THIS_lightSharp[i] = ropkitLightShadow;
  ropkitLightShadow = -1.0;
  THIS_lightLevel[i] = ropkitLightShadowLevel;
  ropkitLightShadowLevel = 0.0;
  THIS_lightMin[i] = ropkitLightShadowMin;
  ropkitLightShadowMin = -1.0;
  THIS_lightMax[i] = ropkitLightShadowMax;
  ropkitLightShadowMax = -1.0;
}

// Where light k's shadow ray starts.
float THIS_shadowStart(int k) {
  float m = THIS_lightMin[min(k, THIS_MAX_LIGHTS - 1)];
  return m >= 0.0 ? m : 0.02;
}
#define THIS_SHADOW_START(k) THIS_shadowStart(k)
#else
#define THIS_SHADOW_START(k) 0.02
#endif
#ifdef ROPKIT_STAGES
// How far from the point at st along light k's shadow ray the march reads
// distances exactly (ropkitStageExact, shaders/stages.glsl). Beyond it, a
// bound of at least 4/5 of the distance (ROPKIT_FAR) changes nothing: the
// step is clamped to 0.5 either way (4/5 of 0.625), and sharpness * d / st
// is at least 1, which the shadow's minimum ignores.
float THIS_shadowExact(int k, float st) {
#ifdef ROPKIT_LIGHT_SHADOWS
  float sharp = THIS_lightSharp[k] < 0.0 ? THIS_ShadowSharpness : THIS_lightSharp[k];
#else
  float sharp = THIS_ShadowSharpness;
#endif
  // 1 / (the bound's least share of the distance): 5/4.
  float inv = (1.0 + ROPKIT_FAR) / ROPKIT_FAR;
  return inv * max(0.5, st / max(sharp, 1e-6));
}
#endif
// The lights at a hit, from the light inputs; without any, one default light.
int THIS_lights(vec3 p, LightContext lc, inout Light lights[THIS_MAX_LIGHTS]) {
  int n = 0;
#ifdef ROPKIT_LIGHT_SHADOWS
  for (int k = 0; k < THIS_MAX_LIGHTS; k++) {
    THIS_lightSharp[k] = -1.0;
    THIS_lightLevel[k] = 0.0;
    THIS_lightMin[k] = -1.0;
    THIS_lightMax[k] = -1.0;
  }
  ropkitLightShadow = -1.0;
  ropkitLightShadowLevel = 0.0;
  ropkitLightShadowMin = -1.0;
  ropkitLightShadowMax = -1.0;
#endif
#ifdef THIS_HAS_INPUT_4
  lights[n++] = inputOp4(p, lc);
#ifdef ROPKIT_LIGHT_SHADOWS
  THIS_keepShadow(n - 1);
#endif
#endif
#ifdef THIS_HAS_INPUT_5
  lights[n++] = inputOp5(p, lc);
#ifdef ROPKIT_LIGHT_SHADOWS
  THIS_keepShadow(n - 1);
#endif
#endif
#ifdef THIS_HAS_INPUT_6
  lights[n++] = inputOp6(p, lc);
#ifdef ROPKIT_LIGHT_SHADOWS
  THIS_keepShadow(n - 1);
#endif
#endif
#ifdef THIS_HAS_INPUT_7
  lights[n++] = inputOp7(p, lc);
#ifdef ROPKIT_LIGHT_SHADOWS
  THIS_keepShadow(n - 1);
#endif
#endif
#ifdef THIS_HAS_INPUT_8
  lights[n++] = inputOp8(p, lc);
#ifdef ROPKIT_LIGHT_SHADOWS
  THIS_keepShadow(n - 1);
#endif
#endif
#ifdef THIS_HAS_INPUT_9
  lights[n++] = inputOp9(p, lc);
#ifdef ROPKIT_LIGHT_SHADOWS
  THIS_keepShadow(n - 1);
#endif
#endif
#ifdef THIS_HAS_INPUT_10
  lights[n++] = inputOp10(p, lc);
#ifdef ROPKIT_LIGHT_SHADOWS
  THIS_keepShadow(n - 1);
#endif
#endif
#ifdef THIS_HAS_INPUT_11
  lights[n++] = inputOp11(p, lc);
#ifdef ROPKIT_LIGHT_SHADOWS
  THIS_keepShadow(n - 1);
#endif
#endif
#ifdef THIS_HAS_INPUT_12
  lights[n++] = inputOp12(p, lc);
#ifdef ROPKIT_LIGHT_SHADOWS
  THIS_keepShadow(n - 1);
#endif
#endif
#ifdef THIS_HAS_INPUT_13
  lights[n++] = inputOp13(p, lc);
#ifdef ROPKIT_LIGHT_SHADOWS
  THIS_keepShadow(n - 1);
#endif
#endif
#ifdef THIS_HAS_INPUT_14
  lights[n++] = inputOp14(p, lc);
#ifdef ROPKIT_LIGHT_SHADOWS
  THIS_keepShadow(n - 1);
#endif
#endif
#ifdef THIS_HAS_INPUT_15
  lights[n++] = inputOp15(p, lc);
#ifdef ROPKIT_LIGHT_SHADOWS
  THIS_keepShadow(n - 1);
#endif
#endif
#ifdef THIS_HAS_INPUT_16
  lights[n++] = inputOp16(p, lc);
#ifdef ROPKIT_LIGHT_SHADOWS
  THIS_keepShadow(n - 1);
#endif
#endif
  if (n == 0) {
    lights[n++] = Light(vec3(6.0, 10.0, 5.0), vec3(1.0), false, false);
  }
  return n;
}

#ifdef THIS_LIMIT_BOX
// Where a ray enters and leaves the box lo..hi (slab test): (entry, exit),
// with entry > exit when it misses.
vec2 THIS_boxSpan(Ray ray, vec3 lo, vec3 hi) {
  vec3 inv = 1.0 / ray.dir;
  vec3 a = (lo - ray.pos) * inv;
  vec3 b = (hi - ray.pos) * inv;
  vec3 near = min(a, b);
  vec3 far = max(a, b);
  return vec2(max(max(near.x, near.y), near.z), min(min(far.x, far.y), far.z));
}
#endif
// Everything one camera ray brings back from the scene.
struct THIS_Trace {
  vec2 uv;
  Ray ray;
  float t;          // distance along the ray to the hit (or where marching stopped)
  float steps;      // march steps taken
  float nearHit;    // closest approach to any surface
  bool hit;
  Sdf res;          // the scene at the hit
  vec3 n;           // unit normal at the hit
  float ao;         // ambient occlusion, 1: open
  int lightCount;
  Light lights[THIS_MAX_LIGHTS];
  float shadow[THIS_MAX_LIGHTS];  // 1: lit, 0: in shadow
};

// The first light from k on whose shadow must be marched (the light count
// when there is none left): absent and ambient lights cast none, and a light
// closer to the surface than the march's first step needs none.
int THIS_shadowLight(THIS_Trace tr, int k, vec3 from, out vec3 dir, out float maxT) {
  dir = vec3(0.0, 1.0, 0.0);
  maxT = 0.0;
  for (; k < tr.lightCount; k++) {
    Light l = tr.lights[k];
    if (l.absent || l.ambient) {
      continue;
    }
#ifdef ROPKIT_LIGHT_SHADOWS
    if (THIS_lightSharp[k] == 0.0) {
      continue;
    }
#endif
    vec3 toLight = l.pos - from;
    maxT = length(toLight);
    if (maxT > 0.02) {
      dir = toLight / maxT;
#ifdef ROPKIT_LIGHT_SHADOWS
      if (THIS_lightMax[k] >= 0.0) {
        maxT = min(maxT, THIS_lightMax[k]);
      }
#endif
      return k;
    }
  }
  return k;
}

#if (defined(THIS_USE_REFLECTION) && defined(ROPKIT_SURFACE_REFLECT)) || (defined(THIS_USE_REFRACTION) && defined(ROPKIT_SURFACE_REFRACT))
// A ray from the camera or from a surface, and everything the scene tells
// about it. side -1: the ray runs inside a transparent body, where the
// scene's distance is negated (so the march stops at the far side and the
// normal faces inwards); only the normal is wanted there.
THIS_Trace THIS_trace(vec2 uv, Ray ray, float side) {
  THIS_Trace tr;
  tr.uv = uv;
  tr.ray = ray;
#else
// The camera ray through fragCoord, and everything the scene tells about it.
THIS_Trace THIS_trace(vec2 fragCoord) {
  THIS_Trace tr;
  tr.uv = (fragCoord - 0.5 * rk_resolution.xy) / rk_resolution.y;
  tr.ray = THIS_cameraRay(tr.uv);
#endif
  tr.t = 0.0;
  tr.steps = 0.0;
  tr.nearHit = 1e10;
  tr.hit = false;
  tr.res = createSdf(THIS_MaxDist);
  tr.n = vec3(0.0, 1.0, 0.0);
  tr.ao = 1.0;
  tr.lightCount = 0;
  for (int k = 0; k < THIS_MAX_LIGHTS; k++) {
    tr.shadow[k] = 1.0;
  }
#ifdef THIS_LIMIT_BOX
  // The limit box: a ray that misses it hits nothing, one that meets it is
  // marched only from where it enters to where it leaves.
  vec2 limit = THIS_boxSpan(tr.ray, THIS_LIMIT_MIN, THIS_LIMIT_MAX);
  bool inLimit = limit.x <= limit.y && limit.y >= 0.0;
  tr.t = max(limit.x, 0.0);
  float marchEnd = min(limit.y, THIS_MaxDist);
#endif

#ifdef THIS_SEPARATE_LOOPS
  // A small scene: a loop per job (march, normal, occlusion, a shadow per
  // light), each calling the scene. The driver inlines the scene at each of
  // these few call sites, which costs little compile time for a small scene,
  // and every loop runs without the phase bookkeeping: the fastest frames.
#ifdef ROPKIT_STAGES
  ropkitStage = ropkitRayStage;
  ropkitStageExact = 0.0;
#endif
#ifdef THIS_LIMIT_BOX
  int marchSteps = inLimit ? THIS_MaxSteps : 0;
  for (int i = 0; i < marchSteps; i++) {
#else
  for (int i = 0; i < THIS_MaxSteps; i++) {
#endif
    vec3 q = tr.ray.pos + tr.ray.dir * tr.t;
    Sdf s = THIS_map(q);
#if defined(THIS_USE_REFRACTION) && defined(ROPKIT_SURFACE_REFRACT)
    s.x *= side;
#endif
    tr.steps = float(i + 1);
    tr.nearHit = min(tr.nearHit, s.x);
    if (abs(s.x) < THIS_SurfaceEps * max(tr.t, 1.0)) {
      tr.res = s;
      tr.hit = true;
      break;
    }
    tr.t += s.x;
#ifdef THIS_LIMIT_BOX
    if (tr.t > marchEnd) {
#else
    if (tr.t > THIS_MaxDist) {
#endif
      break;
    }
  }
  if (!tr.hit) {
    return tr;
  }
  vec3 hitPos = tr.ray.pos + tr.ray.dir * tr.t;
#ifdef THIS_NEEDS_NORMAL
#ifdef ROPKIT_STAGES
  ropkitStage = ROPKIT_STAGE_NORMAL;
#endif
  vec3 nsum = vec3(0.0);
  // Unrolled (a constant bound): four copies of a small scene cost little
  // compile time, and on the default preset the baked frame gains 2%.
  for (int i = 0; i < 4; i++) {
    // Tetrahedron taps: (1,-1,-1), (-1,-1,1), (-1,1,-1), (1,1,1).
    vec3 tap = vec3(((i ^ (i >> 1)) & 1) == 0 ? 1.0 : -1.0, (i & 2) != 0 ? 1.0 : -1.0, (i & 1) != 0 ? 1.0 : -1.0);
    float d = THIS_map(hitPos + tap * 0.0005).x;
#if defined(THIS_USE_REFRACTION) && defined(ROPKIT_SURFACE_REFRACT)
    d *= side;
#endif
    nsum += tap * d;
  }
  tr.n = normalize(nsum);
#if defined(THIS_USE_REFRACTION) && defined(ROPKIT_SURFACE_REFRACT)
  if (side < 0.0) {
    return tr;
  }
#endif
#endif
#ifdef THIS_NEEDS_AO
#ifdef ROPKIT_STAGES
  ropkitStage = ROPKIT_STAGE_OCCLUSION;
  ropkitStageExact = 1e30;
#endif
  float occ = 0.0;
  float sca = 1.0;
  for (int i = 0; i < 5; i++) {
    float h = 0.01 + 0.12 * float(i) / 4.0;
    occ += (h - THIS_map(hitPos + h * tr.n).x) * sca;
    sca *= 0.95;
  }
  tr.ao = clamp(1.0 - THIS_AOStrength * 3.0 * occ, 0.0, 1.0);
#endif
  Light lights[THIS_MAX_LIGHTS];
  tr.lightCount = THIS_lights(hitPos, LightContext(tr.res, tr.n), lights);
  tr.lights = lights;
#ifdef THIS_NEEDS_SHADOWS
#ifdef ROPKIT_STAGES
  ropkitStage = ROPKIT_STAGE_SHADOW;
  ropkitStageExact = 0.0;
#endif
  // Off the surface by more than the march's hit tolerance (which grows
  // with distance), or a far hit that stopped just inside starts its
  // shadow ray inside and comes out black.
  vec3 shadowFrom = hitPos + tr.n * max(0.002, 2.0 * THIS_SurfaceEps * tr.t);
  for (int k = 0; k < THIS_MAX_LIGHTS; k++) {
    vec3 shadowDir;
    float shadowMax;
    if (THIS_shadowLight(tr, k, shadowFrom, shadowDir, shadowMax) != k) {
      continue;
    }
    float sres = 1.0;
    float st = THIS_SHADOW_START(k);
    for (int i = 0; i < 80; i++) {
      if (st >= shadowMax) {
        break;
      }
#ifdef ROPKIT_STAGES
      ropkitStageExact = THIS_shadowExact(k, st);
#endif
      float d = THIS_map(shadowFrom + shadowDir * st).x;
      if (d < 0.0002) {
        sres = 0.0;
        break;
      }
#ifdef ROPKIT_LIGHT_SHADOWS
      sres = min(sres, (THIS_lightSharp[k] < 0.0 ? THIS_ShadowSharpness : THIS_lightSharp[k]) * d / st);
#else
      sres = min(sres, THIS_ShadowSharpness * d / st);
#endif
      st += clamp(d, 0.01, 0.5);
    }
#ifdef ROPKIT_LIGHT_SHADOWS
    tr.shadow[k] = mix(THIS_lightLevel[k], 1.0, clamp(sres, 0.0, 1.0));
#else
    tr.shadow[k] = clamp(sres, 0.0, 1.0);
#endif
  }
#endif
#else
#ifdef THIS_LIMIT_BOX
  int phase = inLimit ? THIS_PHASE_MARCH : THIS_PHASE_DONE;
#else
  int phase = THIS_PHASE_MARCH;
#endif
  int i = 0;            // step within the phase
  vec3 hitPos = vec3(0.0);
  vec3 nsum = vec3(0.0);
  float occ = 0.0;
  float sca = 1.0;
  int k = 0;            // the light whose shadow is marched
  vec3 shadowFrom = vec3(0.0);
  vec3 shadowDir = vec3(0.0);
  float shadowMax = 0.0;
  float st = 0.0;
  float sres = 1.0;

  int budget = THIS_OPAQUE(THIS_MaxSteps + 9 + THIS_MAX_LIGHTS * 80);
  for (int it = 0; it < budget; it++) {
    // Where the scene is wanted next.
    vec3 q;
    vec3 tap = vec3(0.0);
    float h = 0.0;
    if (phase == THIS_PHASE_MARCH) {
      q = tr.ray.pos + tr.ray.dir * tr.t;
    } else if (phase == THIS_PHASE_NORMAL) {
      // Tetrahedron taps: (1,-1,-1), (-1,-1,1), (-1,1,-1), (1,1,1).
      tap = vec3(((i ^ (i >> 1)) & 1) == 0 ? 1.0 : -1.0, (i & 2) != 0 ? 1.0 : -1.0, (i & 1) != 0 ? 1.0 : -1.0);
      q = hitPos + tap * 0.0005;
    } else if (phase == THIS_PHASE_AO) {
      h = 0.01 + 0.12 * float(i) / 4.0;
      q = hitPos + h * tr.n;
    } else {
      q = shadowFrom + shadowDir * st;
    }

#ifdef ROPKIT_STAGES
    ropkitStage = phase == THIS_PHASE_MARCH ? ropkitRayStage : phase == THIS_PHASE_NORMAL ? ROPKIT_STAGE_NORMAL : phase == THIS_PHASE_AO ? ROPKIT_STAGE_OCCLUSION : ROPKIT_STAGE_SHADOW;
    ropkitStageExact = phase == THIS_PHASE_AO ? 1e30 : phase == THIS_PHASE_MARCH || phase == THIS_PHASE_NORMAL ? 0.0 : THIS_shadowExact(k, st);
#endif
    Sdf s = THIS_map(q);
#if defined(THIS_USE_REFRACTION) && defined(ROPKIT_SURFACE_REFRACT)
    s.x *= side;
#endif

    if (phase == THIS_PHASE_MARCH) {
      tr.steps = float(i + 1);
      tr.nearHit = min(tr.nearHit, s.x);
      i++;
      if (abs(s.x) < THIS_SurfaceEps * max(tr.t, 1.0)) {
        tr.res = s;
        tr.hit = true;
        hitPos = q;
        i = 0;
#ifdef THIS_NEEDS_NORMAL
        phase = THIS_PHASE_NORMAL;
#else
        phase = THIS_PHASE_DONE;
#endif
      } else {
        tr.t += s.x;
#ifdef THIS_LIMIT_BOX
        if (tr.t > marchEnd || i >= THIS_MaxSteps) {
#else
        if (tr.t > THIS_MaxDist || i >= THIS_MaxSteps) {
#endif
          phase = THIS_PHASE_DONE;
        }
      }
    } else if (phase == THIS_PHASE_NORMAL) {
      nsum += tap * s.x;
      i++;
      if (i == 4) {
        tr.n = normalize(nsum);
        i = 0;
#ifdef THIS_NEEDS_AO
        phase = THIS_PHASE_AO;
#else
        phase = THIS_PHASE_SHADOW;
#endif
#if defined(THIS_USE_REFRACTION) && defined(ROPKIT_SURFACE_REFRACT)
        if (side < 0.0) {
          phase = THIS_PHASE_DONE;
        }
#endif
      }
    } else if (phase == THIS_PHASE_AO) {
      occ += (h - s.x) * sca;
      sca *= 0.95;
      i++;
      if (i == 5) {
        tr.ao = clamp(1.0 - THIS_AOStrength * 3.0 * occ, 0.0, 1.0);
        phase = THIS_PHASE_SHADOW;
      }
    } else {
      float d = s.x;
      bool finished = false;
      if (d < 0.0002) {
        sres = 0.0;
        finished = true;
      } else {
#ifdef ROPKIT_LIGHT_SHADOWS
        sres = min(sres, (THIS_lightSharp[k] < 0.0 ? THIS_ShadowSharpness : THIS_lightSharp[k]) * d / st);
#else
        sres = min(sres, THIS_ShadowSharpness * d / st);
#endif
        st += clamp(d, 0.01, 0.5);
        i++;
        finished = st >= shadowMax || i >= 80;
      }
      if (finished) {
#ifdef ROPKIT_LIGHT_SHADOWS
        tr.shadow[k] = mix(THIS_lightLevel[k], 1.0, clamp(sres, 0.0, 1.0));
#else
        tr.shadow[k] = clamp(sres, 0.0, 1.0);
#endif
        k = THIS_shadowLight(tr, k + 1, shadowFrom, shadowDir, shadowMax);
        i = 0;
        st = THIS_SHADOW_START(k);
        sres = 1.0;
        if (k >= tr.lightCount) {
          phase = THIS_PHASE_DONE;
        }
      }
    }

    // Entering the shadow phase: the lights at the hit, then the first shadow.
    if (phase == THIS_PHASE_SHADOW && tr.lightCount == 0) {
      Light lights[THIS_MAX_LIGHTS];
      tr.lightCount = THIS_lights(hitPos, LightContext(tr.res, tr.n), lights);
      tr.lights = lights;
#ifdef THIS_NEEDS_SHADOWS
      shadowFrom = hitPos + tr.n * max(0.002, 2.0 * THIS_SurfaceEps * tr.t);
      k = THIS_shadowLight(tr, 0, shadowFrom, shadowDir, shadowMax);
      i = 0;
      st = THIS_SHADOW_START(k);
      sres = 1.0;
      if (k >= tr.lightCount) {
        phase = THIS_PHASE_DONE;
      }
#else
      phase = THIS_PHASE_DONE;
#endif
    }
    if (phase == THIS_PHASE_DONE) {
      break;
    }
  }
#endif
  return tr;
}

// The lit colour a ray brings back, fog included, before exposure and gamma.
vec3 THIS_color(THIS_Trace tr) {
  if (!tr.hit) {
    return THIS_background(tr.uv, tr.ray);
  }
  vec3 p = tr.ray.pos + tr.ray.dir * tr.t;
  vec3 col = vec3(0.0);
  // One call site for the material switch too: a loop over the lights.
#ifdef THIS_SEPARATE_LOOPS
  // Bounded by a constant, the loop unrolls and the light arrays stay in
  // registers.
  for (int k = 0; k < THIS_MAX_LIGHTS; k++) {
    if (k >= tr.lightCount) {
      break;
    }
#else
  int count = THIS_OPAQUE(tr.lightCount);
  for (int k = 0; k < count; k++) {
#endif
    float ambient = k == 0 ? THIS_Ambient : 0.0;
    MaterialContext mc = MaterialContext(tr.res, tr.n, tr.ray, tr.lights[k], tr.shadow[k], tr.ao, ambient, vec4(0.0));
#ifdef ROPKIT_FIRST_LIGHT
    ropkitFirstLight = k == 0;
#endif
#ifdef ROPKIT_SDF_ITERATION
    mc.iteration = tr.res.iteration;
#endif
#if (defined(THIS_USE_REFLECTION) && defined(ROPKIT_SURFACE_REFLECT)) || (defined(THIS_USE_REFRACTION) && defined(ROPKIT_SURFACE_REFRACT))
    ropkitClearSurface();
#endif
#ifdef ROPKIT_STAGES
    ropkitStage = ROPKIT_STAGE_MATERIAL;
    ropkitStageExact = 0.0;
#endif
    col += ropkitMaterial(p, mc);
  }
  if (THIS_FogDensity > 0.0) {
    col = mix(col, THIS_FogColor, 1.0 - exp(-THIS_FogDensity * THIS_FogDensity * tr.t * tr.t));
  }
  return col;
}

#if (defined(THIS_USE_REFLECTION) && defined(ROPKIT_SURFACE_REFLECT)) || (defined(THIS_USE_REFRACTION) && defined(ROPKIT_SURFACE_REFRACT))
float THIS_largest(vec3 v) {
  return max(v.x, max(v.y, v.z));
}

// The colour a camera ray brings back with its reflections and refractions.
// Each segment is one march; at a hit outside, the materials shade it (and
// fill ropkitSurface) and the ray goes on into a transparent body (bent by
// its index of refraction; a Fresnel share mirrors the sky) or off a mirror,
// `weight` carrying the product of the shares along the way. Inside, the
// march runs on the negated distance to the far side, the light is absorbed
// by Beer-Lambert's law over the distance travelled, and the ray leaves bent
// again (or is reflected back in, past the critical angle). Segments: one
// for the camera ray, one per reflection pass, two (in and out) per
// refraction pass. hit: whether the camera ray hit.
vec3 THIS_radiance(vec2 fragCoord, out bool hit) {
  vec2 uv = (fragCoord - 0.5 * rk_resolution.xy) / rk_resolution.y;
  Ray ray = THIS_cameraRay(uv);
  vec3 total = vec3(0.0);
  vec3 weight = vec3(1.0);
  float side = 1.0;
  float ior = 1.0;
  vec3 absorption = vec3(0.0);
  hit = false;
#if defined(THIS_USE_REFLECTION) && defined(ROPKIT_SURFACE_REFLECT)
  int reflLeft = THIS_REFLECTIONS;
#else
  int reflLeft = 0;
#endif
#if defined(THIS_USE_REFRACTION) && defined(ROPKIT_SURFACE_REFRACT)
  int refrLeft = THIS_REFRACTIONS;
#else
  int refrLeft = 0;
#endif
  int segments = THIS_OPAQUE(1 + reflLeft + 2 * refrLeft);
#ifdef ROPKIT_STAGES
  ropkitRayStage = ROPKIT_STAGE_PRIMARY;
#endif
  for (int seg = 0; seg < segments; seg++) {
    THIS_Trace tr = THIS_trace(uv, ray, side);
    if (seg == 0) {
      hit = tr.hit;
    }
    vec3 p = tr.ray.pos + tr.ray.dir * tr.t;
    // Far enough from the surface that the next march does not stop at once.
    float off = 3.0 * THIS_SurfaceEps * max(tr.t, 1.0);
#if defined(THIS_USE_REFRACTION) && defined(ROPKIT_SURFACE_REFRACT)
    if (side < 0.0) {
      weight *= exp(-absorption * tr.t);
      if (!tr.hit) {
        break;
      }
      vec3 dir = refract(ray.dir, tr.n, ior);
      if (dot(dir, dir) == 0.0) {
        ray = Ray(p + tr.n * off, reflect(ray.dir, tr.n));
      } else {
        ray = Ray(p - tr.n * off, dir);
        side = 1.0;
      }
      continue;
    }
#endif
    total += weight * THIS_color(tr);
    if (!tr.hit) {
      break;
    }
    RopkitSurface surface = ropkitSurface;
#if defined(THIS_USE_REFRACTION) && defined(ROPKIT_SURFACE_REFRACT)
    if (refrLeft > 0 && THIS_largest(surface.transmission) > 0.004) {
      float eta = 1.0 + surface.ior;
      float f = ropkitSchlick(clamp(dot(-ray.dir, tr.n), 0.0, 1.0), eta);
      total += weight * surface.transmission * f * THIS_background(uv, Ray(p, reflect(ray.dir, tr.n)));
      weight *= surface.transmission * (1.0 - f);
      ray = Ray(p - tr.n * off, refract(ray.dir, tr.n, 1.0 / eta));
      side = -1.0;
      ior = eta;
      absorption = surface.absorption;
      refrLeft--;
#ifdef ROPKIT_STAGES
      ropkitRayStage = ROPKIT_STAGE_REFRACT;
#endif
      continue;
    }
#endif
#if defined(THIS_USE_REFLECTION) && defined(ROPKIT_SURFACE_REFLECT)
    if (reflLeft > 0 && THIS_largest(surface.reflection) > 0.004) {
      weight *= surface.reflection;
      ray = Ray(p + tr.n * off, reflect(ray.dir, tr.n));
      reflLeft--;
#ifdef ROPKIT_STAGES
      ropkitRayStage = ROPKIT_STAGE_REFLECT;
#endif
      continue;
    }
#endif
    break;
  }
  // Still inside when the passes ran out: what lies on along the ray.
  if (side < 0.0) {
    total += weight * THIS_background(uv, ray);
  }
  return total;
}

#endif
// One sample of the picture: the chosen buffer made to be looked at.
vec3 THIS_pixel(vec2 fragCoord) {
#if (defined(THIS_USE_REFLECTION) && defined(ROPKIT_SURFACE_REFLECT)) || (defined(THIS_USE_REFRACTION) && defined(ROPKIT_SURFACE_REFRACT))
  bool hit;
  return THIS_radiance(fragCoord, hit);
#else
  THIS_Trace tr = THIS_trace(fragCoord);
#if defined(THIS_Buffer_depth)
  return vec3(tr.hit ? 1.0 - clamp(tr.t / THIS_MaxDist, 0.0, 1.0) : 0.0);
#elif defined(THIS_Buffer_normal)
  return tr.hit ? tr.n * 0.5 + 0.5 : vec3(0.0);
#elif defined(THIS_Buffer_material)
  return tr.hit ? mix(ropkitIdColor(float(tr.res.material)), ropkitIdColor(float(tr.res.material2)), tr.res.blend) : vec3(0.0);
#elif defined(THIS_Buffer_steps)
  return vec3(tr.steps / float(THIS_MaxSteps));
#elif defined(THIS_Buffer_nearHit)
  return vec3(tr.hit ? 1.0 : clamp(1.0 - tr.nearHit * 4.0, 0.0, 1.0));
#elif defined(THIS_Buffer_worldPosition)
  // A unit grid, so positions read as bands.
  return tr.hit ? fract(tr.ray.pos + tr.ray.dir * tr.t) : vec3(0.0);
#elif defined(THIS_Buffer_rayDirection)
  return tr.ray.dir * 0.5 + 0.5;
#elif defined(THIS_Buffer_rayOrigin)
  return fract(tr.ray.pos);
#elif defined(THIS_Buffer_objectId)
  return tr.hit ? ropkitIdColor(tr.res.objectId.x) : vec3(0.0);
#elif defined(THIS_Buffer_sdf)
  // How far inside the hit tolerance the march stopped, and the material.
  return tr.hit ? vec3(clamp(abs(tr.res.x) / (THIS_SurfaceEps * max(tr.t, 1.0)), 0.0, 1.0), ropkitIdColor(float(tr.res.material)).yz) : vec3(0.0);
#elif defined(THIS_Buffer_iteration)
  return tr.hit ? ropkitIdColor(tr.res.iteration.x + 1.0) * (0.6 + 0.4 * fract(tr.res.iteration.z * 0.618034)) : vec3(0.0);
#elif defined(THIS_Buffer_uv)
  return tr.hit ? vec3(fract(tr.res.uv), 0.0) : vec3(0.0);
#elif defined(THIS_Buffer_debug)
  // A heat colour: blue at 0, through green, to red at 1.
  return tr.hit ? clamp(vec3(tr.res.debug * 2.0 - 0.5, 1.0 - abs(tr.res.debug * 2.0 - 1.0), 1.5 - tr.res.debug * 2.0), 0.0, 1.0) : vec3(0.0);
#elif defined(THIS_Buffer_orbitTrap)
  // The classic colouring: the trap's axis distances as a colour.
  return tr.hit ? clamp(tr.res.orbitTrap.xyz, 0.0, 1.0) : vec3(0.0);
#else
  return THIS_color(tr);
#endif
#endif
}

// Data renders (ROPKIT_DATA, e.g. Python's render(buffer="depth")): one ray
// through the pixel centre and raw values, alpha 1 where the ray hit:
// depth = distance along the ray, normal = unit normal, material = (id, id2,
// blend) or -1 on a miss, steps = march steps, nearHit = closest approach,
// color = linear colour before exposure and gamma.
vec4 THIS_data(vec2 fragCoord) {
#if (defined(THIS_USE_REFLECTION) && defined(ROPKIT_SURFACE_REFLECT)) || (defined(THIS_USE_REFRACTION) && defined(ROPKIT_SURFACE_REFRACT))
  bool hit;
  vec3 col = THIS_radiance(fragCoord, hit);
  return vec4(col, hit ? 1.0 : 0.0);
#else
  THIS_Trace tr = THIS_trace(fragCoord);
  float covered = tr.hit ? 1.0 : 0.0;
#if defined(THIS_Buffer_depth)
  return vec4(vec3(tr.hit ? tr.t : 0.0), covered);
#elif defined(THIS_Buffer_normal)
  return vec4(tr.hit ? tr.n : vec3(0.0), covered);
#elif defined(THIS_Buffer_material)
  return tr.hit ? vec4(float(tr.res.material), float(tr.res.material2), tr.res.blend, 1.0) : vec4(-1.0, -1.0, 0.0, 0.0);
#elif defined(THIS_Buffer_steps)
  return vec4(vec3(tr.steps), covered);
#elif defined(THIS_Buffer_nearHit)
  return vec4(vec3(tr.nearHit), covered);
#elif defined(THIS_Buffer_worldPosition)
  // The hit point (the camera ray's origin + depth x its direction).
  return vec4(tr.hit ? tr.ray.pos + tr.ray.dir * tr.t : vec3(0.0), covered);
#elif defined(THIS_Buffer_rayDirection)
  return vec4(tr.ray.dir, covered);
#elif defined(THIS_Buffer_rayOrigin)
  return vec4(tr.ray.pos, covered);
#elif defined(THIS_Buffer_objectId)
  // The id an objectId node gave the surface (0: none), -1 on a miss.
  return tr.hit ? vec4(tr.res.objectId.x, 0.0, 0.0, 1.0) : vec4(-1.0, 0.0, 0.0, 0.0);
#elif defined(THIS_Buffer_sdf)
  // The scene's result at the hit: distance, material, second material,
  // blend; on a miss (-1, -1, -1, 0).
  return tr.hit ? vec4(tr.res.x, float(tr.res.material), float(tr.res.material2), tr.res.blend) : vec4(-1.0, -1.0, -1.0, 0.0);
#elif defined(THIS_Buffer_iteration)
  // The iteration the repeat nearest the output gave the hit (x: index,
  // y: count, z and w: more indices), alpha 1 where the ray hit.
  return tr.hit ? vec4(tr.res.iteration.xyz, 1.0) : vec4(0.0);
#elif defined(THIS_Buffer_uv)
  // The surface coordinates the primitive that was hit gave (sphere:
  // longitude and latitude 0..1; plane: world units in the plane).
  return vec4(tr.hit ? tr.res.uv : vec2(0.0), 0.0, covered);
#elif defined(THIS_Buffer_debug)
  // The value a debugValue node recorded at the hit.
  return vec4(tr.hit ? tr.res.debug : 0.0, 0.0, 0.0, covered);
#elif defined(THIS_Buffer_orbitTrap)
  // A fractal's orbit trap at the hit (mandelbulb: the orbit's least |x|,
  // |y|, |z| and |z|^2); 0 for other surfaces and misses.
  return tr.hit ? tr.res.orbitTrap : vec4(0.0);
#else
  return vec4(THIS_color(tr), covered);
#endif
#endif
}

vec4 thismap(vec2 fragCoord, Context ctx) {
#if defined(ROPKIT_DATA)
  return THIS_data(fragCoord);
#else
  vec3 col = vec3(0.0);
  // Samples in a loop the driver keeps as a loop: unrolled, it would copy
  // the whole trace (and the scene in it) once per sample.
  int samples = THIS_OPAQUE(THIS_AA * THIS_AA);
  for (int s = 0; s < samples; s++) {
    vec2 offset = (vec2(float(s % THIS_AA), float(s / THIS_AA)) + 0.5) / float(THIS_AA) - 0.5;
    col += THIS_pixel(fragCoord + offset);
  }
  col /= float(THIS_AA * THIS_AA);
#if defined(THIS_Buffer_color) && defined(THIS_TONE_CURVE)
  col = pow(THIS_TONE_CURVE(max(col * THIS_Exposure, vec3(0.0))), vec3(1.0 / THIS_Gamma));
#elif defined(THIS_Buffer_color)
  col = pow(max(col * THIS_Exposure, vec3(0.0)), vec3(1.0 / THIS_Gamma));
#endif
  return vec4(col, 1.0);
#endif
}
