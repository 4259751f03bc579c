// The lazily loaded chunk: web-vitals (its attribution build) and everything that builds and sends
// the beacon. start.ts, in the critical bundle, only decides whether to load it.
import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals/attribution';
import { describePage } from './payload';
import { reportVitals } from './reporter';
import { sendBeacon } from './send';

/** Measures this page view, and each one restored from the back/forward cache, until unload. */
export function measure(locale: () => string): void {
  reportVitals(
    [onLCP, onINP, onCLS, onFCP, onTTFB],
    () => describePage(locale(), window.innerWidth, navigator),
    sendBeacon,
  );
}
