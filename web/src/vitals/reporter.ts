import {
  beaconBody,
  toBeaconMetric,
  type BeaconMetric,
  type MeasuredMetric,
  type PageFacts,
} from './payload';

/** One of web-vitals' onLCP, onINP, onCLS, onFCP, onTTFB (or a test's stand-in). */
export type Observe = (
  report: (metric: MeasuredMetric) => void,
  options: { reportAllChanges: boolean },
) => void;

/**
 * Collects one page view's metrics and sends them as one beacon when the page is first hidden
 * (`visibilitychange`, or `pagehide` where a browser skips that). reportAllChanges makes web-vitals
 * report every change, so the latest value of each metric is at hand whenever the page hides;
 * CLS and INP go in as they stand then. What changes after that send (the visitor comes back to
 * the tab) is not sent: one beacon per page view.
 *
 * A page restored from the back/forward cache is a new page view, as the Chrome UX Report counts
 * it: web-vitals starts new metrics with navigationType 'back-forward-cache', and they go in a
 * beacon of their own when the page hides again.
 */
export function reportVitals(
  observers: readonly Observe[],
  describe: () => PageFacts | null,
  send: (body: string) => void,
): void {
  let page = describe();
  let latest = new Map<string, BeaconMetric>();
  let sent = false;

  const flush = () => {
    if (sent || !page || latest.size === 0) return;
    sent = true;
    send(beaconBody(page, [...latest.values()]));
  };

  // Capturing on window and added before the observers below, so it runs before web-vitals' own
  // pageshow listeners: onTTFB reports the restored view's TTFB inside its listener, and that
  // value must land in the new view, not be cleared with the old one.
  window.addEventListener(
    'pageshow',
    (event) => {
      if (!event.persisted) return;
      page = describe();
      latest = new Map();
      sent = false;
    },
    true,
  );
  // On the document, so after web-vitals' capturing listeners on window, which hand over the
  // final CLS and INP when the page hides.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);

  const keep = (metric: MeasuredMetric) => {
    const beaconMetric = toBeaconMetric(metric);
    if (beaconMetric) latest.set(beaconMetric.name, beaconMetric);
    else latest.delete(metric.name);
  };
  for (const observe of observers) observe(keep, { reportAllChanges: true });
}
