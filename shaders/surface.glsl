// What a surface does with light besides its own colour, for
// raymarchRender3D's reflection and refraction passes.
//
// The renderer clears ropkitSurface before each call of the material switch;
// a reflective or transparent material's snippet adds its share to it (a hit
// that blends two materials gets each one's part). Materials that do neither
// leave it clear, so their surfaces stay opaque and matt as before.
// Which kinds exist in a network is told by global macros,
// ROPKIT_SURFACE_REFLECT (a reflective material) and ROPKIT_SURFACE_REFRACT
// (a transparent one): the renderer compiles a pass in only where such a
// material and its own pass count above 0 meet.

struct RopkitSurface {
  vec3 reflection;    // share of light mirrored, per channel
  vec3 transmission;  // share of light let through into the inside, per channel
  float ior;          // index of refraction of the inside, less 1 (0: air)
  vec3 absorption;    // Beer-Lambert coefficient inside, per unit of distance
};

RopkitSurface ropkitSurface;
#ifdef ROPKIT_LAYER_MATERIAL
// The material id of the modularMaterial whose layers are being shaded (it
// sets it before calling them), so that a layer can add its reflection or
// transmission under its material's share of a blended hit.
int ropkitLayerMaterial;
#endif

void ropkitClearSurface() {
  ropkitSurface = RopkitSurface(vec3(0.0), vec3(0.0), 0.0, vec3(0.0));
}

// The share of material `id` in the hit the context describes: 1 for a
// plain hit, split by the blend ratio where two materials meet.
float ropkitMaterialShare(MaterialContext matCtx, int id) {
  Sdf r = matCtx.result;
  if (r.blend <= 0.0 || r.material2 == r.material) {
    return r.material == id ? 1.0 : 0.0;
  }
  float b = clamp(r.blend, 0.0, 1.0);
  return (r.material == id ? 1.0 - b : 0.0) + (r.material2 == id ? b : 0.0);
}

// A mirror: `amount` of the light (per channel) comes from the reflected ray.
void ropkitAddReflection(MaterialContext matCtx, int id, vec3 amount) {
  ropkitSurface.reflection += ropkitMaterialShare(matCtx, id) * clamp(amount, 0.0, 1.0);
}

// A transparent body: `amount` of the light goes in, bent by `ior`, and
// is absorbed inside by `absorption` per unit of distance.
void ropkitAddTransmission(MaterialContext matCtx, int id, vec3 amount, float ior, vec3 absorption) {
  float share = ropkitMaterialShare(matCtx, id);
  ropkitSurface.transmission += share * clamp(amount, 0.0, 1.0);
  ropkitSurface.ior += share * (max(ior, 1.0) - 1.0);
  ropkitSurface.absorption += share * max(absorption, vec3(0.0));
}

// Schlick's approximation of the share of light a dielectric reflects.
float ropkitSchlick(float cosTheta, float ior) {
  float r0 = (1.0 - ior) / (1.0 + ior);
  r0 *= r0;
  return r0 + (1.0 - r0) * pow(clamp(1.0 - cosTheta, 0.0, 1.0), 5.0);
}
