// Per-light shadow settings, for networks with a softShadow or hardShadow
// node (which include this file and define ROPKIT_LIGHT_SHADOWS). A light
// stays the struct every light ROP builds; its shadow sharpness travels
// beside it: the node sets ropkitLightShadow when its light is made, and the
// raymarcher reads it right after each light input (-1: the renderer's
// ShadowSharpness; 0: no shadow).
float ropkitLightShadow = -1.0;
