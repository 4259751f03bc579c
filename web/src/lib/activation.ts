/**
 * Runs `run` once the visitor is shown the page: now, unless the browser is prerendering it ahead
 * of a click (Speculation Rules), then when it is activated (`prerenderingchange`). What counts
 * the visit (the first touch, the funnel's steps, the docs store's record, Web Vitals) goes
 * through it, so a page prepared and never shown counts nothing. Browsers without prerendering
 * have no `document.prerendering`: their pages are shown as they load, and `run` runs at once.
 */
export function whenActivated(run: () => void, doc: Document = document): void {
  if (!(doc as Document & { prerendering?: boolean }).prerendering) {
    run();
    return;
  }
  doc.addEventListener('prerenderingchange', () => run(), { once: true });
}

/**
 * Whether the page was prerendered before it was shown: its navigation's activationStart, which
 * only a prerendered page has above 0 (Chromium; other browsers have none).
 */
export function wasPrerendered(perf: Performance = performance): boolean {
  // jsdom and very old browsers have no entries by type: nothing was prerendered there.
  if (typeof perf.getEntriesByType !== 'function') return false;
  const [navigation] = perf.getEntriesByType('navigation') as (PerformanceEntry & {
    activationStart?: number;
  })[];
  return (navigation?.activationStart ?? 0) > 0;
}
