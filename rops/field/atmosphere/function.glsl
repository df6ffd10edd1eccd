ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 d = normalize(p + vec3(0.0, 1e-9, 0.0));
#else
  float az = TAU * p.x;
  float el = PI * clamp(p.y, -0.5, 0.5);
  vec3 d = vec3(cos(el) * sin(az), sin(el), -cos(el) * cos(az));
#endif
  d = xfEuler(THIS_Rotate) * d;
  float planet = THIS_PlanetRadius * 1e3;
  RkySky s = RkySky(normalize(THIS_SunDirection + vec3(0.0, 1e-9, 0.0)), THIS_SunIntensity, THIS_Rayleigh * 1e-6,
                    THIS_Mie * 1e-6, THIS_RayleighHeight, THIS_MieHeight, THIS_MieG, THIS_ObserverHeight,
                    planet, planet + THIS_Thickness * 1e3);
  return vec4(rkySky(s, d, THIS_Steps, THIS_LightSteps), 1.0);
}
