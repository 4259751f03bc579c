// Test helpers for the vitals code: the page lifecycle events a browser fires (src/test/), and
// stand-ins for web-vitals' onLCP, onINP, … that report whatever a test tells them to.
import type { MeasuredMetric } from './payload';
import type { Observe } from './reporter';

export { hidePage, pageHide, resetPage, restoreFromBfcache, showPage } from '../test/lifecycle';

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
