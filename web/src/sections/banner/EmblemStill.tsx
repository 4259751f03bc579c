import { STILL_DENSITIES, stillFor, stillUrl } from './still';
import { useWindowWidth } from './useWindowWidth';

/**
 * The emblem as the 3D scene first draws it, rendered at build time (scripts/render-still.mjs),
 * for browsers that cannot run the scene. It fills the canvas's box, scaled as the live camera
 * would place the emblem at this window width, so the banner looks the same and nothing moves.
 */
export function EmblemStill() {
  const { still, scale } = stillFor(useWindowWidth());
  const srcSet = STILL_DENSITIES.map((d) => `${stillUrl(still, d)} ${d}x`).join(', ');
  return (
    <img
      className="banner__still"
      src={stillUrl(still, 1)}
      srcSet={srcSet}
      width={still.size}
      height={still.size}
      alt=""
      decoding="async"
      draggable={false}
      style={{ scale: String(scale) }}
    />
  );
}
