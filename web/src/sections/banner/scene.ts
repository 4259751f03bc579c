/** 3D banner settings (spec sections 4 and 9); the scene reads them, tests import them. */
export const MODEL_URL = '/models/emblem.glb';
export const DRACO_DECODER_PATH = '/libs/draco/';
export const DRACO_WORKER_LIMIT = 4;
/**
 * With no interaction the scene still loads this long after the load event: past the preloader
 * (4.2 s), which hides the banner anyway, and after the page has had its quiet time.
 */
export const SCENE_FALLBACK_MS = 5000;
/** Radians added to the model's turn on every rendered frame. */
export const ROTATION_PER_FRAME = 0.006;
/** Vertical field of view: the emblem (about 100 units across) just fits at the nearest distance. */
export const CAMERA_FOV = 34;
export const CAMERA_NEAR = 1;
export const CAMERA_FAR = 2000;
export const CAMERA_MIN_DISTANCE = 200;
export const CAMERA_MAX_DISTANCE = 420;
/** Window widths the camera distance is interpolated between. */
export const CAMERA_NARROW_WIDTH = 375;
export const CAMERA_WIDE_WIDTH = 1920;
/** Orbit controls (rotation only) from this window width up. */
export const ORBIT_MIN_WIDTH = 720;
/** Device pixel ratio cap on phones, where fill rate costs battery. */
export const PHONE_MAX_WIDTH = 720;
export const PHONE_MAX_DPR = 1.5;
export const DESKTOP_MAX_DPR = 2;

/** Camera distance for a window width: 200 on narrow screens up to 420 on wide ones. */
export function cameraDistance(windowWidth: number): number {
  const t = (windowWidth - CAMERA_NARROW_WIDTH) / (CAMERA_WIDE_WIDTH - CAMERA_NARROW_WIDTH);
  const clamped = Math.min(1, Math.max(0, t));
  return CAMERA_MIN_DISTANCE + clamped * (CAMERA_MAX_DISTANCE - CAMERA_MIN_DISTANCE);
}

export function maxDpr(windowWidth: number): number {
  return windowWidth < PHONE_MAX_WIDTH ? PHONE_MAX_DPR : DESKTOP_MAX_DPR;
}

/**
 * How the canvas draws: every frame while the emblem turns on screen, only when something changes
 * (a drag, a resize) while it stands still, and not at all off-screen.
 */
export function frameloop(onScreen: boolean, turning: boolean): 'always' | 'demand' | 'never' {
  if (!onScreen) return 'never';
  return turning ? 'always' : 'demand';
}
