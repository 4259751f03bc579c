/**
 * Runs `task` once the browser has presented the page's first contentful frame, as the Paint
 * Timing API reports it (Chromium, Firefox and WebKit all do). Work started here (the app's
 * script, its hydration) then never delays the first paint, and a lab run such as Lighthouse
 * sees that it did not. An animation frame is not enough: its callbacks run before that frame's
 * paint, and the paint can be presented a good while later. Where paint entries are not
 * reported, `task` runs a task after the first animation frame; a page that paints nothing
 * (a hidden tab gets no frames) runs it after `fallbackMs`.
 */
export function afterFirstPaint(task: () => void, fallbackMs = 1000): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    task();
  };
  const fallback = setTimeout(run, fallbackMs);
  // jsdom has no PerformanceObserver at all.
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    requestAnimationFrame(() => setTimeout(run, 0));
    return;
  }
  const painted = (entries: PerformanceEntryList) =>
    entries.some((entry) => entry.name === 'first-contentful-paint');
  if (painted(performance.getEntriesByType('paint'))) {
    setTimeout(run, 0);
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (!painted(list.getEntries())) return;
    observer.disconnect();
    setTimeout(run, 0);
  }).observe({ type: 'paint' });
}
