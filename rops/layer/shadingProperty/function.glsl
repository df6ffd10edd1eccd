ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 n = normalize(ctx.normal);
  vec3 v = -normalize(ctx.ray.dir);
  vec3 l = ctx.light.pos - p;
  l = dot(l, l) > 0.0 ? normalize(l) : n;
  vec3 h = normalize(l + v);
#if defined(THIS_Property_normal)
  vec4 res = vec4(n, 0.0);
#elif defined(THIS_Property_shaded)
  vec4 res = vec4(ctx.shadow);
#elif defined(THIS_Property_useshadow)
  vec4 res = vec4(1.0);
#elif defined(THIS_Property_raypos)
  vec4 res = vec4(ctx.ray.pos, 0.0);
#elif defined(THIS_Property_raydir)
  vec4 res = vec4(-v, 0.0);
#elif defined(THIS_Property_viewdir)
  vec4 res = vec4(v, 0.0);
#elif defined(THIS_Property_lightpos)
  vec4 res = vec4(ctx.light.pos, 0.0);
#elif defined(THIS_Property_lightcol)
  vec4 res = vec4(ctx.light.color, 0.0);
#elif defined(THIS_Property_lightdir)
  vec4 res = vec4(l, 0.0);
#elif defined(THIS_Property_uv)
#ifdef ROPKIT_SDF_UV
  vec4 res = vec4(ctx.result.uv, 0.0, 0.0);
#else
  vec4 res = vec4(0.0);
#endif
#elif defined(THIS_Property_halfangle)
  vec4 res = vec4(h, 0.0);
#elif defined(THIS_Property_ndotl)
  vec4 res = vec4(dot(n, l));
#elif defined(THIS_Property_ndotv)
  vec4 res = vec4(dot(n, v));
#elif defined(THIS_Property_ldotv)
  vec4 res = vec4(dot(l, v));
#else
  vec4 res = vec4(dot(h, n));
#endif
#ifdef THIS_RETURN_TYPE_float
  return res.x;
#else
  return res;
#endif
}
