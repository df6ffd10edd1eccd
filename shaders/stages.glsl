// Render stages, for networks with a restrictStage node (which includes
// this file and defines ROPKIT_STAGES): what the raymarcher is asking the
// scene for at this moment. The raymarcher sets ropkitStage before each
// call of the scene and of the materials; ropkitRayStage is the stage of the
// ray being marched (primary, or a reflected or refracted one).
#define ROPKIT_STAGE_PRIMARY 0
#define ROPKIT_STAGE_SHADOW 1
#define ROPKIT_STAGE_REFLECT 2
#define ROPKIT_STAGE_REFRACT 3
#define ROPKIT_STAGE_MATERIAL 4
#define ROPKIT_STAGE_OCCLUSION 5
#define ROPKIT_STAGE_NORMAL 6
int ropkitStage = ROPKIT_STAGE_PRIMARY;
int ropkitRayStage = ROPKIT_STAGE_PRIMARY;
// The far fields' ratio (curves.glsl rkcFar): a box this many of its own
// diagonals away stands in for its contents, a bound of at least
// ROPKIT_FAR / (1 + ROPKIT_FAR) of the distance (4/5).
#define ROPKIT_FAR 4.0
// How far from the point the stage asking reads distances exactly: beyond
// it, a bound of at least 4/5 of the distance leaves what the stage
// computes unchanged (the far fields of curves.glsl honour it). The
// raymarcher sets it with ropkitStage: 0 where a bound is what it takes
// (marching, normals, materials), 1e30 for ambient occlusion (its taps
// compare values), and along a soft shadow's ray as far as the shadow
// could tell the difference.
float ropkitStageExact = 0.0;
