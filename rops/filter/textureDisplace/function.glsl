// The height at an image coordinate, around the mid level. Explicit level 0:
// the map runs in non-uniform control flow, where derivatives are undefined.
float THIS_height(vec2 uv) {
  vec4 c = textureLod(THIS_Texture, ropkitImageUV(uv * THIS_Scale), 0.0);
#if defined(THIS_Channel_r)
  float v = c.r;
#elif defined(THIS_Channel_g)
  float v = c.g;
#elif defined(THIS_Channel_b)
  float v = c.b;
#elif defined(THIS_Channel_a)
  float v = c.a;
#else
  float v = colLuma(c.rgb);
#endif
  return v - THIS_Midlevel;
}

ReturnT thismap(CoordT p, ContextT ctx) {
  ReturnT res = inputOp1(p, ctx);
#if defined(THIS_RETURN_TYPE_Sdf)
  float d = res.x;
#else
  float d = res;
#endif
#if defined(THIS_COORD_TYPE_vec2)
  float h = THIS_height(p);
#elif defined(THIS_Projection_xy)
  float h = THIS_height(p.xy);
#elif defined(THIS_Projection_xz)
  float h = THIS_height(ropkitFaceUV(p, 1, 1.0));
#elif defined(THIS_Projection_zy)
  float h = THIS_height(ropkitFaceUV(p, 0, 1.0));
#else
  // The input's normal from four samples on a tetrahedron.
  const vec2 e = vec2(1.0, -1.0) * 0.001;
#if defined(THIS_RETURN_TYPE_Sdf)
  vec3 g = e.xyy * inputOp1(p + e.xyy, ctx).x + e.yyx * inputOp1(p + e.yyx, ctx).x +
           e.yxy * inputOp1(p + e.yxy, ctx).x + e.xxx * inputOp1(p + e.xxx, ctx).x;
#else
  vec3 g = e.xyy * inputOp1(p + e.xyy, ctx) + e.yyx * inputOp1(p + e.yyx, ctx) +
           e.yxy * inputOp1(p + e.yxy, ctx) + e.xxx * inputOp1(p + e.xxx, ctx);
#endif
  vec3 w = pow(abs(g) / max(length(g), 1e-9), vec3(4.0));
  w /= max(w.x + w.y + w.z, 1e-9);
  // Each axis's plane read from the side the surface faces.
  vec3 sg = vec3(g.x < 0.0 ? -1.0 : 1.0, g.y < 0.0 ? -1.0 : 1.0, g.z < 0.0 ? -1.0 : 1.0);
  float h = w.x * THIS_height(ropkitFaceUV(p, 0, sg.x)) + w.y * THIS_height(ropkitFaceUV(p, 1, sg.y))
          + w.z * THIS_height(ropkitFaceUV(p, 2, sg.z));
#endif
  d = (d + THIS_Amount_at(p, ctx) * h) * THIS_StepScale;
#if defined(THIS_RETURN_TYPE_Sdf)
  res.x = d;
#else
  res = d;
#endif
  return res;
}
