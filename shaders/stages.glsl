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
