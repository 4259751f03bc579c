// The lazily loaded chunk: web-vitals (its attribution build) and everything that builds and sends
// the beacon. start.ts, in the critical bundle, only decides whether to load it.
import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals/attribution';
import { describePage } from './payload';
import { reportVitals } from './reporter';
import { takeArrival } from '../source/session';
import { sendBeacon } from './send';

/**
 * Measures this page view, and each one restored from the back/forward cache, until unload. The
 * first beacon carries the visit's source when this is the tab session's first page view.
 */
export function measure(locale: () => string): void {
  let arrival = takeArrival();
  reportVitals(
    [onLCP, onINP, onCLS, onFCP, onTTFB],
    () => {
      const page = describePage(locale(), window.innerWidth, navigator, arrival);
      // A page view restored from the back/forward cache is the same visit.
      arrival = undefined;
      return page;
    },
    sendBeacon,
  );
}
