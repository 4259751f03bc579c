/** Events that show a visitor is here and interacting; the first one starts optional work. */
export const INTERACTION_EVENTS = [
  'pointerdown',
  'pointermove',
  'keydown',
  'wheel',
  'touchstart',
  'scroll',
] as const;

/**
 * Runs `task` once the page has loaded, then either the visitor interacts or `fallbackMs` pass,
 * then the main thread is idle. Optional heavy work (the 3D scene) so never competes with the
 * first paint, hydration or the page's quiet time after load. Returns a cancel function.
 */
export function afterLoadAndIdle(task: () => void, fallbackMs = 0): () => void {
  let cancelled = false;
  let started = false;
  let fallback: ReturnType<typeof setTimeout> | undefined;
  let idleHandle: number | undefined;

  const runWhenIdle = () => {
    if (cancelled || started) return;
    started = true;
    stopListening();
    if (typeof window.requestIdleCallback === 'function') {
      idleHandle = window.requestIdleCallback(() => !cancelled && task(), { timeout: 2000 });
    } else {
      fallback = setTimeout(() => !cancelled && task(), 1);
    }
  };
  const stopListening = () => {
    for (const type of INTERACTION_EVENTS) window.removeEventListener(type, runWhenIdle);
  };
  const afterLoad = () => {
    if (cancelled) return;
    const opts = { once: true, passive: true } as const;
    for (const type of INTERACTION_EVENTS) window.addEventListener(type, runWhenIdle, opts);
    fallback = setTimeout(runWhenIdle, fallbackMs);
  };

  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });

  return () => {
    cancelled = true;
    window.removeEventListener('load', afterLoad);
    stopListening();
    clearTimeout(fallback);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
  };
}
