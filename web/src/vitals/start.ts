// The only vitals code in the critical bundle: it decides whether this page load is measured and,
// if so, loads the measuring chunk (web-vitals and the beacon) once the page is idle after load.
import { whenActivated } from '../lib/activation';
import { afterLoadAndIdle } from '../lib/idle';
import { trackingRefused } from '../lib/privacy';

/** VITE_RUM_SAMPLE_RATE, checked and written in by vite.config.ts (sampleRate.ts); 1 when unset. */
declare const __RUM_SAMPLE_RATE__: number;

export interface StartVitalsOptions {
  /** The share of page loads measured, 0 to 1. */
  sampleRate?: number;
  /** A number in [0, 1), as Math.random gives. */
  random?: () => number;
  /** Loads the measuring chunk. */
  load?: () => Promise<{ measure: (locale: () => string) => void }>;
  /** Runs a task once the page is idle after load. */
  whenIdle?: (task: () => void) => void;
}

/**
 * Measures this page load's Web Vitals unless the visitor asked not to be tracked (Global Privacy
 * Control, Do Not Track) or the load falls outside the sample. Both are decided once per document,
 * before anything is downloaded, so a page restored from the back/forward cache keeps the answer.
 *
 * Loading web-vitals this late loses almost nothing: its observers register with `buffered: true`
 * (node_modules/web-vitals/src/lib/observe.ts; its README: "you do not need to load this library
 * early"), so the browser hands over the paint, largest-contentful-paint, layout-shift and
 * first-input entries recorded before, and TTFB reads the navigation entry. What is lost: the
 * browser buffers only `event` entries of 104 ms or more (Event Timing), so an earlier, faster
 * interaction is unseen (it is under INP's 200 ms "good" line either way); an LCP element removed
 * from the page before the load is named by its id alone (if it has one), a removed shifted node
 * not at all.
 */
export function startVitals(
  locale: () => string,
  {
    sampleRate = __RUM_SAMPLE_RATE__,
    random = Math.random,
    load = () => import('./measure'),
    whenIdle = afterLoadAndIdle,
  }: StartVitalsOptions = {},
): void {
  if (trackingRefused() || !(random() < sampleRate)) return;
  // A page prerendered ahead of a click is measured once it is shown, from its activation
  // (web-vitals subtracts activationStart from its paint times), and never if it is not.
  whenActivated(() =>
    whenIdle(() => {
      load()
        .then(({ measure }) => measure(locale))
        // The spec's error catalogue: a speed script that fails to load is a console notice, and
        // nothing else on the page changes.
        .catch((error: unknown) => console.warn('Web Vitals measurement did not start:', error));
    }),
  );
}
