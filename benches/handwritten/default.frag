#version 450
// presets/default.yaml written by hand, as one would on Shadertoy: the same
// scene, camera, light, materials, shadows, AO and 2x2 anti-aliasing, with
// constants in place of parameters. The generated shader is measured against it.
layout(set = 0, binding = 0) uniform Params {
  vec4 rk_time;
  vec4 rk_resolution;
  vec4 rk_mouse;
  vec4 rk_camPos;
  vec4 rk_camTarget;
  vec4 rk_view;
};
layout(location = 0) out vec4 fragColor;

vec3 matColor(int m) {
  if (m == 1) return vec3(0.85, 0.25, 0.15);
  if (m == 2) return vec3(0.2, 0.45, 0.85);
  return vec3(0.75);
}

// x: distance, y: material, z: second material, w: blend
vec4 map(vec3 p) {
  float s = length(p - vec3(-0.6, 1.0, 0.0)) - 1.0;
  vec3 q = abs(p - vec3(0.9, 0.7, 0.2)) - vec3(0.7);
  float b = length(max(q, 0.0)) + min(max(q.x, max(q.y, q.z)), 0.0);
  float k = 0.3;
  float h = clamp(0.5 + 0.5 * (b - s) / k, 0.0, 1.0);
  float d = mix(b, s, h) - k * h * (1.0 - h);
  vec4 res = vec4(d, 1.0, 2.0, 1.0 - h);
  float f = p.y;
  if (f <= res.x) res = vec4(f, 0.0, 0.0, 0.0);
  return res;
}

vec3 normal(vec3 p) {
  const vec2 e = vec2(1.0, -1.0) * 0.0005;
  return normalize(e.xyy * map(p + e.xyy).x + e.yyx * map(p + e.yyx).x + e.yxy * map(p + e.yxy).x + e.xxx * map(p + e.xxx).x);
}

float shadow(vec3 ro, vec3 rd, float maxT) {
  float res = 1.0;
  float t = 0.02;
  for (int i = 0; i < 80; i++) {
    if (t >= maxT) break;
    float h = map(ro + rd * t).x;
    if (h < 0.0002) return 0.0;
    res = min(res, 16.0 * h / t);
    t += clamp(h, 0.01, 0.5);
  }
  return clamp(res, 0.0, 1.0);
}

float occlusion(vec3 p, vec3 n) {
  float occ = 0.0;
  float sca = 1.0;
  for (int i = 0; i < 5; i++) {
    float h = 0.01 + 0.12 * float(i) / 4.0;
    occ += (h - map(p + h * n).x) * sca;
    sca *= 0.95;
  }
  return clamp(1.0 - 3.0 * occ, 0.0, 1.0);
}

vec3 shade(int m, vec3 p, vec3 n, vec3 rd, float sh, float ao) {
  vec3 albedo = matColor(m);
  vec3 l = normalize(vec3(5.0, 8.0, 4.0) - p);
  vec3 col = albedo * 0.15 * ao + albedo * max(dot(n, l), 0.0) * sh;
  if (m > 0) {
    float spec = pow(max(dot(n, normalize(l - rd)), 0.0), 32.0);
    col += spec * (m == 2 ? 0.6 : 0.3) * sh;
  }
  return col;
}

vec3 pixel(vec2 fragCoord) {
  vec2 uv = (fragCoord - 0.5 * rk_resolution.xy) / rk_resolution.y;
  vec3 ro = vec3(4.0, 3.0, 6.0);
  vec3 fw = normalize(vec3(0.0, 0.6, 0.0) - ro);
  vec3 rt = normalize(cross(fw, vec3(0.0, 1.0, 0.0)));
  vec3 up = cross(rt, fw);
  vec3 rd = normalize(uv.x * rt + uv.y * up + (0.5 / tan(radians(20.0))) * fw);
  float t = 0.0;
  vec4 hit = vec4(60.0, 0.0, 0.0, 0.0);
  bool found = false;
  for (int i = 0; i < 128; i++) {
    vec4 s = map(ro + rd * t);
    if (abs(s.x) < 0.001 * max(t, 1.0)) { hit = s; found = true; break; }
    t += s.x;
    if (t > 60.0) break;
  }
  vec3 bg = vec3(0.55, 0.65, 0.8);
  if (!found) return mix(bg, bg * 0.55, clamp(rd.y * 0.5 + 0.5, 0.0, 1.0));
  vec3 p = ro + rd * t;
  vec3 n = normal(p);
  float ao = occlusion(p, n);
  vec3 toL = vec3(5.0, 8.0, 4.0) - p;
  float sh = shadow(p + n * 0.002, normalize(toL), length(toL));
  vec3 col = shade(int(hit.y), p, n, rd, sh, ao);
  if (hit.w > 0.0) col = mix(col, shade(int(hit.z), p, n, rd, sh, ao), clamp(hit.w, 0.0, 1.0));
  return col;
}

void main() {
  vec2 fragCoord = vec2(gl_FragCoord.x, rk_resolution.y - gl_FragCoord.y);
  vec3 col = vec3(0.0);
  for (int j = 0; j < 2; j++) {
    for (int i = 0; i < 2; i++) {
      col += pixel(fragCoord + (vec2(float(i), float(j)) + 0.5) / 2.0 - 0.5);
    }
  }
  col /= 4.0;
  fragColor = vec4(pow(max(col, vec3(0.0)), vec3(1.0 / 2.2)), 1.0);
}
