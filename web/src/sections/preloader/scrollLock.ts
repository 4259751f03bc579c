/**
 * The class scripts/prerender.mjs puts on the landing pages' <html>: it locks scrolling from the
 * first style, a plain class rather than `html:has(.preloader)`, since Chromium may evaluate
 * `:has()` one style update late and leave a frame scrollable. Preloader.css releases it by
 * animation at 4.2 s for pages without JavaScript; with JavaScript the Preloader removes it.
 */
export const PRELOADING_CLASS = 'preloading';

/**
 * Whether the preloader still covers the page: the class the prerendered landing pages carry
 * from their first byte until the Preloader lets the page scroll. Never on the server, nor on a
 * page without a preloader.
 */
export function preloaderCovers(): boolean {
  return (
    typeof document !== 'undefined' && document.documentElement.classList.contains(PRELOADING_CLASS)
  );
}

/**
 * Lets the page scroll: the preloader has left (or was skipped). The parts after the banner come
 * back as the class goes (global.css keeps them off the page under the preloader), so an address
 * with a #fragment in one of them (a docs page's call to action opens `/en?about=…#contact`) is
 * scrolled to now: the browser looked for it at load, when it was not on the page.
 */
export function releaseScrollLock(): void {
  if (!preloaderCovers()) return;
  document.documentElement.classList.remove(PRELOADING_CLASS);
  const id = fragmentId(location.hash);
  // A page scrolled already (no part was held back: reduced motion) stays where the visitor is.
  if (!id || window.scrollY !== 0) return;
  document.getElementById(id)?.scrollIntoView({ behavior: 'instant' });
}

/** The id a #fragment names, or '' for none (or one that is not valid percent-encoding). */
function fragmentId(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return '';
  }
}
