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

/** What a visitor scrolls a page with (a key or a press may move it too: focus, a scrollbar). */
const VISITOR_SCROLLS = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;
let visitorScrolled = false;

/**
 * Notes from now on whether the visitor moves the page themselves; the start-up script calls it
 * first thing (entry-client.tsx). Scroll events cannot tell: the browser's own scroll to the
 * #fragment, its scroll anchoring and ours fire them too.
 */
export function watchVisitorScrolls(): void {
  visitorScrolled = false;
  const note = () => {
    visitorScrolled = true;
    for (const type of VISITOR_SCROLLS) window.removeEventListener(type, note, true);
  };
  for (const type of VISITOR_SCROLLS) {
    window.addEventListener(type, note, { capture: true, passive: true });
  }
}

/**
 * Lets the page scroll: the preloader has left (or was skipped). The parts after the banner come
 * back as the class goes (global.css keeps them off the page under the preloader, or skips their
 * layout under reduced motion), and the part an address's #fragment names (a docs page's call to
 * action opens `/en?about=…#contact`) is then scrolled to, whatever held the parts back: the
 * browser went there at load, when that part was off the page (nowhere to go) or laid out below
 * placeholders of the parts before it (a place that moves by thousands of pixels now), and it
 * follows the fragment no further once the page has loaded. A visitor who has scrolled the page
 * themselves since stays where they are.
 */
export function releaseScrollLock(): void {
  if (!preloaderCovers()) return;
  document.documentElement.classList.remove(PRELOADING_CLASS);
  goToFragment();
}

/**
 * Scrolls to the part the address's #fragment names, unless the visitor has moved the page
 * themselves. Also for a landing page shown from its prerender (the call to action's
 * `/en?about=…#contact`): Chromium lays it out unseen and shows it at its top (measured with
 * Chromium 156), not at the part its address names.
 */
export function goToFragment(): void {
  if (visitorScrolled) return;
  fragmentTarget()?.scrollIntoView({ behavior: 'instant' });
}

/** The element the address's #fragment names, if any. */
function fragmentTarget(): HTMLElement | null {
  const id = fragmentId(location.hash);
  return id ? document.getElementById(id) : null;
}

/** The id a #fragment names, or '' for none (or one that is not valid percent-encoding). */
function fragmentId(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return '';
  }
}
