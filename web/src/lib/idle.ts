/**
 * Runs `task` once the page has loaded and the main thread is idle, so optional work (the 3D
 * scene) never competes with the first paint or hydration. Returns a cancel function.
 */
export function afterLoadAndIdle(task: () => void, timeoutMs = 2000): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  const run = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      idleHandle = window.requestIdleCallback(() => !cancelled && task(), { timeout: timeoutMs });
    } else {
      idleHandle = window.setTimeout(() => !cancelled && task(), 1);
    }
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
    if (idleHandle === undefined) return;
    if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idleHandle);
    else window.clearTimeout(idleHandle);
  };
}
