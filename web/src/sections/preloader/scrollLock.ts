/**
 * The class scripts/prerender.mjs puts on the landing pages' <html>: it locks scrolling from the
 * first style, a plain class rather than `html:has(.preloader)`, since Chromium may evaluate
 * `:has()` one style update late and leave a frame scrollable. Preloader.css releases it by
 * animation at 4.2 s for pages without JavaScript; with JavaScript the Preloader removes it.
 */
export const PRELOADING_CLASS = 'preloading';

/** Lets the page scroll: the preloader has left (or was skipped). */
export function releaseScrollLock(root: Element = document.documentElement): void {
  root.classList.remove(PRELOADING_CLASS);
}
