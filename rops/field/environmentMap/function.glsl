// The map as a function of direction. A material that samples a lobe sets
// ropkitEnvFootprint to the solid angle each of its samples stands for;
// the image is then read at the mip level whose texels cover about that
// much of the sphere (filtered importance sampling: few samples, no noise).
ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 d = p;
  float coneAngle = ropkitEnvFootprint;
#else
  vec3 d = ropkitViewDir;
  float coneAngle = 0.0;
#endif
  d = dot(d, d) > 1e-20 ? normalize(d) : vec3(0.0, 0.0, -1.0);
  // Turning the map by +Rotation turns the direction by -Rotation.
  float a = radians(THIS_Rotation);
  d = vec3(cos(a) * d.x + sin(a) * d.z, d.y, -sin(a) * d.x + cos(a) * d.z);
  vec2 uv = vec2(atan(d.x, -d.z) / TAU + 0.5, acos(clamp(d.y, -1.0, 1.0)) / PI);
  vec2 imageSize = vec2(textureSize(THIS_Image, 0));
  // The top mip level of a full chain (an 8-bit image has level 0 alone,
  // and reads past it stay at 0; GLSL ES has no textureQueryLevels).
  float topLevel = floor(log2(max(imageSize.x, imageSize.y)));
  // One texel of the full image covers about (2 pi / width) (pi / height)
  // steradians (at the equator); a level up covers four times that. The
  // level whose texels cover the cone, no wider: a wider read blurs bright
  // spots and the horizon into their surroundings (a bias that follows the
  // surface), while the material's samples, shifted at every pixel, already
  // keep their error from forming a pattern.
  float texelAngle = TAU * PI / (imageSize.x * imageSize.y);
  float level = coneAngle > 0.0 ? 0.5 * log2(coneAngle / texelAngle) : 0.0;
  level = clamp(max(level, THIS_Blur * topLevel), 0.0, topLevel);
  // Keep v half a texel inside the rows of that level: the shared sampler
  // repeats, and the top row must not blend with the bottom one.
  float levelRows = max(imageSize.y / exp2(floor(level)), 1.0);
  uv.y = clamp(uv.y, 0.5 / levelRows, 1.0 - 0.5 / levelRows);
  return vec4(textureLod(THIS_Image, uv, level).rgb * THIS_Intensity, 1.0);
}
