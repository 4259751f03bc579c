/** At this width or narrower the case card nearest the viewport centre is highlighted. */
export const HIGHLIGHT_MAX_WIDTH = 1024;

/** Index of the box whose centre is nearest the viewport centre, or -1 when none is given. */
export function nearestToCentre(
  boxes: readonly { top: number; bottom: number }[],
  viewportHeight: number,
): number {
  const centre = viewportHeight / 2;
  let best = -1;
  let bestDistance = Infinity;
  boxes.forEach((box, index) => {
    const distance = Math.abs((box.top + box.bottom) / 2 - centre);
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

/**
 * Opacity of the pinned cases title on wide screens: whole while cards still pass beside it,
 * fading to nothing as the end of the card list rises through the top `fadeSpan` pixels.
 */
export function pinnedTitleOpacity(
  listBottom: number,
  titleBottom: number,
  fadeSpan: number,
): number {
  if (fadeSpan <= 0) return listBottom > titleBottom ? 1 : 0;
  const progress = (titleBottom + fadeSpan - listBottom) / fadeSpan;
  return Math.min(1, Math.max(0, 1 - progress));
}
