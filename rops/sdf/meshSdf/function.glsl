// The volume is a cube of side Size * n / (n - 4), centred at Center: the
// mesh's box made a cube, its longest side scaled to Size, with two voxels
// of margin a side (src/decode/meshes.rs bakes it so). Values are
// distances in units of that longest side.
ReturnT thismap(CoordT p, ContextT ctx) {
  float n = float(THIS_Resolution);
  float side = THIS_Size * n / (n - 4.0);
  vec3 rel = (p - THIS_Center) / side;
  // The nearest point among the voxels' centres (filtering never reaches
  // past the outer voxels, nor wraps around through the shared sampler).
  vec3 q = clamp(rel, vec3(-0.5 + 0.5 / n), vec3(0.5 - 0.5 / n));
  // Explicit level 0: fields run in non-uniform control flow.
  float d = textureLod(THIS_Mesh, q + 0.5, 0.0).r * THIS_Size;
  float gap = length(rel - q) * side;
  if (gap > 0.0) {
    // Off the voxels: two lower bounds, the larger one. The mesh lies
    // inside the box, so it is no nearer than the box; and a distance
    // changes no faster than the way travelled.
    vec3 box = rel - clamp(rel, vec3(-0.5), vec3(0.5));
    d = max(length(box) * side, d - gap);
  }
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
