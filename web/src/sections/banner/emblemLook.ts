/**
 * How the emblem looks: lights, pose and size. The live scene (BannerScene) and the still image
 * rendered at build time (renderStill) both read these, so the two cannot drift apart.
 */
export type Vec3 = [number, number, number];

export interface Light {
  position: Vec3;
  intensity: number;
  color: string;
}

export const AMBIENT_INTENSITY = 0.6;
/** White light from the upper right, in front: the emblem's highlights. */
export const KEY_LIGHT: Light = { position: [120, 160, 200], intensity: 2.4, color: '#ffffff' };
/** Mint light from the lower left: the brand's second colour along the edges. */
export const RIM_LIGHT: Light = { position: [-200, -60, 80], intensity: 1.4, color: '#2ee6a6' };
/** Violet point light below and in front; candela, falling off with distance squared. */
export const GLOW_LIGHT: Light = { position: [0, -120, 160], intensity: 60000, color: '#8b6cff' };

/** Scale of the generated emblem in the scene. */
export const MODEL_SCALE = 0.8;
/**
 * The emblem's pose at rest, turned so both orbits read as rings rather than lines. The spin
 * turns it about y from here: the still image shows the live scene's first frame.
 */
export const MODEL_ROTATION: Vec3 = [0.35, 0.5, -0.12];
