import { cameraDistance } from './scene';

/**
 * Still images of the emblem, rendered at build time (scripts/render-still.mjs) for browsers that
 * cannot run the 3D scene. Each is exactly what the canvas shows at `windowWidth` (a phone and a
 * desktop), `size` CSS pixels square at 1x: about the largest box it is shown in.
 */
export const STILLS = [
  { windowWidth: 375, size: 400 },
  { windowWidth: 1280, size: 600 },
] as const;

export type Still = (typeof STILLS)[number];

/** Pixel densities each still is rendered at (srcset 1x and 2x). */
export const STILL_DENSITIES = [1, 2] as const;

/**
 * The still for a window width and how much to scale it within the canvas's box. The live camera
 * moves back as the window widens (cameraDistance), so the still whose camera was nearest is
 * scaled by the ratio of the distances; the emblem is shallow next to them, so perspective barely
 * differs.
 */
export function stillFor(windowWidth: number): { still: Still; scale: number } {
  const distance = cameraDistance(windowWidth);
  const gap = (s: Still) => Math.abs(cameraDistance(s.windowWidth) - distance);
  const still = STILLS.reduce((best, s) => (gap(s) < gap(best) ? s : best));
  return { still, scale: cameraDistance(still.windowWidth) / distance };
}

/**
 * Where the build puts a still: under /assets/ (cached as immutable), named by a hash of what
 * decides its pixels, which vite.config.ts computes before anything is rendered.
 */
export function stillUrl(still: Still, density: number): string {
  const suffix = density === 1 ? '' : `@${density}x`;
  return `/assets/emblem-still-${still.windowWidth}-${__EMBLEM_STILL_KEY__}${suffix}.webp`;
}
