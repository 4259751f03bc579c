// Test helpers for the vitals code: the page lifecycle events a browser fires, and stand-ins for
// web-vitals' onLCP, onINP, … that report whatever a test tells them to.
import type { MeasuredMetric } from './payload';
import type { Observe } from './reporter';

const setVisibility = (state: DocumentVisibilityState) =>
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });

/** The visitor switches tabs or leaves: the page is hidden. */
export function hidePage(): void {
  setVisibility('hidden');
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

/** The visitor comes back to the tab. */
export function showPage(): void {
  setVisibility('visible');
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

/** The page is unloaded, or put in the back/forward cache when `persisted`. */
export function pageHide(persisted = false): void {
  window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted }));
}

/** The page comes back from the back/forward cache, visible again. */
export function restoreFromBfcache(): void {
  setVisibility('visible');
  window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
}

/** Back to a visible page for the next test. */
export function resetPage(): void {
  Reflect.deleteProperty(document, 'visibilityState');
}

export type MetricName = 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB';
export const METRIC_NAMES: readonly MetricName[] = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'];

/**
 * Stand-ins for web-vitals' five functions. `report(name, value)` plays a report of that metric
 * (navigationType 'navigate' unless given); `options` holds what each was registered with.
 */
export function fakeWebVitals() {
  const callbacks = new Map<string, (metric: MeasuredMetric) => void>();
  const options = new Map<string, { reportAllChanges: boolean }>();
  const observers: Observe[] = METRIC_NAMES.map((name) => (callback, opts) => {
    callbacks.set(name, callback);
    options.set(name, opts);
  });
  const report = (name: MetricName, value: number, extra: Partial<MeasuredMetric> = {}) => {
    const callback = callbacks.get(name);
    if (!callback) throw new Error(`${name} was never observed`);
    callback({ name, value, navigationType: 'navigate', ...extra });
  };
  return { observers, options, report };
}
