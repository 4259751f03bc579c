// The page lifecycle events a browser fires, for the tests of code that sends a beacon when the
// page is hidden (the vitals and the funnel beacons).
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
