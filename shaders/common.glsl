// ropkit shader library: the types every ROP shares and the helpers that
// ROP code must use instead of touching Sdf fields directly.

#define PI 3.14159265359
#define TAU 6.28318530718
// Shadertoy's names, for code brought over from there (a Shadertoy export has the real ones).
#ifndef ROPKIT_SHADERTOY
#define iTime rk_time.x
#define iFrame int(rk_time.y)
#define iTimeDelta rk_time.z
#define iResolution vec3(rk_resolution.xy, 1.0)
#define iMouse rk_mouse
#endif

// A surface hit: distance plus what the material switch needs.
struct Sdf {
  float x;          // signed distance
  int material;     // material id (0: default material)
  int material2;    // second material when two are blended
  float blend;      // share of material2, 0..1
#ifdef ROPKIT_SDF_OBJECT_ID
  vec4 objectId;
#endif
#ifdef ROPKIT_SDF_NEAR_HIT
  float nearHit;    // how close the ray came to this surface
#endif
#ifdef ROPKIT_SDF_ITERATION
  vec4 iteration;   // the Context.iteration the hit was made with
#endif
#ifdef ROPKIT_SDF_REFLECT
  bool reflect;
#endif
#ifdef ROPKIT_SDF_UV
  vec2 uv;          // surface coordinates, from the primitive that was hit
#endif
#ifdef ROPKIT_SDF_DEBUG
  float debug;      // a value a debugValue node recorded, for the debug buffer
#endif
#ifdef ROPKIT_SDF_ORBIT_TRAP
  vec4 orbitTrap;   // a fractal's orbit trap: the orbit's least |x|, |y|, |z| and |z|^2
#endif
#ifdef ROPKIT_SDF_MATPOS
  vec3 matPos;      // the hit in the material's own space (where its node saw it)
#endif
#ifdef ROPKIT_SDF_ATTR0
  vec4 attr0;      // a named attribute (assignAttribute); crate::attributes maps names to slots
#endif
#ifdef ROPKIT_SDF_ATTR1
  vec4 attr1;      // a named attribute (assignAttribute); crate::attributes maps names to slots
#endif
#ifdef ROPKIT_SDF_ATTR2
  vec4 attr2;      // a named attribute (assignAttribute); crate::attributes maps names to slots
#endif
#ifdef ROPKIT_SDF_ATTR3
  vec4 attr3;      // a named attribute (assignAttribute); crate::attributes maps names to slots
#endif
};

Sdf createSdf(float d) {
  Sdf res;
  res.x = d;
  res.material = 0;
  res.material2 = 0;
  res.blend = 0.0;
#ifdef ROPKIT_SDF_OBJECT_ID
  res.objectId = vec4(0.0);
#endif
#ifdef ROPKIT_SDF_NEAR_HIT
  res.nearHit = 1e10;
#endif
#ifdef ROPKIT_SDF_ITERATION
  res.iteration = vec4(0.0);
#endif
#ifdef ROPKIT_SDF_REFLECT
  res.reflect = false;
#endif
#ifdef ROPKIT_SDF_UV
  res.uv = vec2(0.0);
#endif
#ifdef ROPKIT_SDF_DEBUG
  res.debug = 0.0;
#endif
#ifdef ROPKIT_SDF_ORBIT_TRAP
  res.orbitTrap = vec4(0.0);
#endif
#ifdef ROPKIT_SDF_MATPOS
  res.matPos = vec3(0.0);
#endif
#ifdef ROPKIT_SDF_ATTR0
  res.attr0 = vec4(0.0);
#endif
#ifdef ROPKIT_SDF_ATTR1
  res.attr1 = vec4(0.0);
#endif
#ifdef ROPKIT_SDF_ATTR2
  res.attr2 = vec4(0.0);
#endif
#ifdef ROPKIT_SDF_ATTR3
  res.attr3 = vec4(0.0);
#endif
  return res;
}

void assignMaterial(inout Sdf res, int materialId) {
  res.material = materialId;
  res.material2 = 0;
  res.blend = 0.0;
}

// Blends the material of `other` into `res` by `ratio` (0: keep res, 1: take other).
// The distance is left to the caller.
void blendInSdf(inout Sdf res, in Sdf other, float ratio) {
  ratio = clamp(ratio, 0.0, 1.0);
  if (ratio >= 0.999) {
    res.material = other.material;
    res.material2 = other.material2;
    res.blend = other.blend;
  } else if (ratio > 0.001) {
    if (res.blend > 0.5) {
      res.material = res.material2;
    }
    res.material2 = other.blend > 0.5 ? other.material2 : other.material;
    res.blend = ratio;
  }
#ifdef ROPKIT_SDF_OBJECT_ID
  if (ratio > 0.5) res.objectId = other.objectId;
#endif
#ifdef ROPKIT_SDF_NEAR_HIT
  res.nearHit = min(res.nearHit, other.nearHit);
#endif
#ifdef ROPKIT_SDF_ITERATION
  if (ratio > 0.5) res.iteration = other.iteration;
#endif
#ifdef ROPKIT_SDF_UV
  if (ratio > 0.5) res.uv = other.uv;
#endif
#ifdef ROPKIT_SDF_DEBUG
  if (ratio > 0.5) res.debug = other.debug;
#endif
#ifdef ROPKIT_SDF_ORBIT_TRAP
  if (ratio > 0.5) res.orbitTrap = other.orbitTrap;
#endif
#ifdef ROPKIT_SDF_MATPOS
  if (ratio > 0.5) res.matPos = other.matPos;
#endif
#ifdef ROPKIT_SDF_ATTR0
  // Attributes blend with the surfaces: a smooth seam mixes them.
  res.attr0 = mix(res.attr0, other.attr0, ratio);
#endif
#ifdef ROPKIT_SDF_ATTR1
  res.attr1 = mix(res.attr1, other.attr1, ratio);
#endif
#ifdef ROPKIT_SDF_ATTR2
  res.attr2 = mix(res.attr2, other.attr2, ratio);
#endif
#ifdef ROPKIT_SDF_ATTR3
  res.attr3 = mix(res.attr3, other.attr3, ratio);
#endif
}

#ifdef ROPKIT_SDF_ATTR0
// An attribute's value as the vec4 its Sdf field holds (unused parts 0).
vec4 ropkitAttrValue(float v) { return vec4(v, 0.0, 0.0, 0.0); }
vec4 ropkitAttrValue(vec2 v) { return vec4(v, 0.0, 0.0); }
vec4 ropkitAttrValue(vec3 v) { return vec4(v, 0.0); }
vec4 ropkitAttrValue(vec4 v) { return v; }
#endif
// Share of the second surface in a smooth union of distances a and b with radius k.
float smoothBlendRatio(float a, float b, float k) {
  return 1.0 - clamp(0.5 + 0.5 * (b - a) / max(k, 1e-6), 0.0, 1.0);
}

// The nearer of two surfaces, material included.
Sdf sdfUnion(Sdf a, Sdf b) {
  return a.x <= b.x ? a : b;
}

struct Context {
  vec4 iteration;   // x: index, y: total count (see iterationSwitch)
  vec3 globalPos;   // the position before any domain filter
};

struct Ray {
  vec3 pos;
  vec3 dir;
};

struct CameraContext {
  vec2 resolution;
};

struct Light {
  vec3 pos;
  vec3 color;
  bool absent;      // true: this light contributes nothing
  bool ambient;     // true: light from all around, no direction or shadow
};

struct LightContext {
  Sdf result;
  vec3 normal;
};

struct MaterialContext {
  Sdf result;
  vec3 normal;
  Ray ray;
  Light light;
  float shadow;     // 1: lit, 0: in shadow
  float ao;         // ambient occlusion, 1: open
  float ambient;    // ambient level to add (only on the first light)
  vec4 iteration;
};

Context ropkitDefaultContext() {
  return Context(vec4(0.0), vec3(0.0));
}

Context ropkitContextAt(vec3 p) {
  return Context(vec4(0.0), p);
}

CameraContext ropkitDefaultCameraContext() {
  return CameraContext(rk_resolution.xy);
}

Light ropkitNoLight() {
  return Light(vec3(0.0), vec3(0.0), true, false);
}

LightContext ropkitDefaultLightContext() {
  return LightContext(createSdf(0.0), vec3(0.0, 1.0, 0.0));
}

MaterialContext ropkitDefaultMaterialContext() {
  return MaterialContext(createSdf(0.0), vec3(0.0, 1.0, 0.0), Ray(vec3(0.0), vec3(0.0, 0.0, 1.0)),
                         Light(vec3(10.0), vec3(1.0), false, false), 1.0, 1.0, 0.1, vec4(0.0));
}

// Lambert shading of an albedo under the context's light, with its shadow,
// plus the ambient term.
vec3 ropkitDiffuse(vec3 p, MaterialContext matCtx, vec3 albedo) {
  vec3 amb = albedo * matCtx.ambient * matCtx.ao;
  if (matCtx.light.absent) return amb;
  if (matCtx.light.ambient) return amb + albedo * matCtx.light.color * matCtx.ao;
  vec3 l = normalize(matCtx.light.pos - p);
  float diff = max(dot(matCtx.normal, l), 0.0);
  return amb + albedo * matCtx.light.color * diff * matCtx.shadow;
}

// Used where a surface has no material of its own.
vec3 ropkitDefaultMaterial(vec3 p, MaterialContext matCtx) {
  return ropkitDiffuse(p, matCtx, vec3(0.75));
}


// A perspective ray through uv (y from -0.5 to 0.5, x scaled by aspect).
Ray ropkitLookAt(vec3 pos, vec3 target, vec3 up, float fovDegrees, vec2 uv) {
  vec3 fw = normalize(target - pos);
  vec3 rt = normalize(cross(fw, up));
  vec3 cu = cross(rt, fw);
  float focal = 0.5 / tan(radians(clamp(fovDegrees, 1.0, 179.0)) * 0.5);
  return Ray(pos, normalize(uv.x * rt + uv.y * cu + focal * fw));
}

// A distinct colour for an integer id.
vec3 ropkitIdColor(float id) {
  if (id < 0.5) return vec3(0.5);
  return 0.55 + 0.45 * cos(TAU * (fract(id * 0.618034) + vec3(0.0, 0.33, 0.67)));
}
#ifdef ROPKIT_VIEW_RAY
// The direction of the ray a renderer asks its background input about
// (set just before the call): environmentMap reads it for 2D coordinates.
vec3 ropkitViewDir;
#endif
#ifdef ROPKIT_ENV_FOOTPRINT
// How wide a cone of directions (in steradians) the next read of an
// environment stands for: a material sampling a rough lobe sets it, and
// environmentMap reads its image that much blurred. 0: one direction.
float ropkitEnvFootprint;
#endif
#ifdef ROPKIT_FIRST_LIGHT
// True while a renderer shades a hit for its first light: light that comes
// from no light (an environment) is added on that call only.
bool ropkitFirstLight;
#endif
#ifdef ROPKIT_TONEMAP
// Tone curves from exposed linear colour (0..infinity) to display linear
// colour (0..1), for raymarchRender3D's ToneMap and the toneMap ROP.

// Reinhard: x / (1 + x).
vec3 ropkitToneReinhard(vec3 x) {
  x = max(x, vec3(0.0));
  return x / (1.0 + x);
}

// Krzysztof Narkowicz's fit of the ACES filmic curve (2015), to 0..1.
vec3 ropkitToneAces(vec3 x) {
  x = max(x, vec3(0.0));
  return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0);
}

// An AgX-style curve (ropkit's own fit of the idea, not Blender's
// matrices): the colour is pulled 15% towards its grey so that bright
// saturated colours run to white, encoded as log2 over 16.5 stops (10 below
// middle grey 0.18, 6.5 above), put through the sigmoid
// f = 1 / (1 + (1.667 (1 - t) / t)^2), which takes middle grey to about
// 0.46 (display), pushed back out from its grey, and decoded with gamma
// 2.2, so 0.18 stays about 0.18. The result is linear, 0..1.
vec3 ropkitToneAgx(vec3 x) {
  x = max(x, vec3(0.0));
  vec3 v = mix(x, vec3(dot(x, vec3(1.0 / 3.0))), 0.15);
  vec3 t = clamp((log2(max(v, vec3(1e-10)) / 0.18) + 10.0) / 16.5, 1e-6, 1.0);
  vec3 r = 1.667 * (1.0 - t) / t;
  vec3 f = 1.0 / (1.0 + r * r);
  float g = dot(f, vec3(1.0 / 3.0));
  f = clamp(g + (f - g) / 0.85, 0.0, 1.0);
  return pow(f, vec3(2.2));
}
#endif
