// Per-light shadow settings, for networks with a softShadow or hardShadow
// node (which include this file and define ROPKIT_LIGHT_SHADOWS). A light
// stays the struct every light ROP builds; its shadow sharpness travels
// beside it: the node sets ropkitLightShadow when its light is made, and the
// raymarcher reads it right after each light input (-1: the renderer's
// ShadowSharpness; 0: no shadow).
float ropkitLightShadow = -1.0;
// The share of the light left inside a shadow (hardShadow's Shadow level),
// read beside the sharpness: 0 leaves the shadow dark.
float ropkitLightShadowLevel = 0.0;
// Where the light's shadow ray starts and stops, from softShadow's
// overrides (-1: the renderer's own, 0.02 from the surface to the light).
float ropkitLightShadowMin = -1.0;
float ropkitLightShadowMax = -1.0;
