// Global styles first, so each section's own rules come later in the cascade and win. All of
// the page's CSS is in this entry's one style sheet (vite.config.ts: cssCodeSplit), which the
// prerendered pages carry inline.
import './app/global.css';
import { localeFromPath } from './i18n/detect';
import { prefetchMessages } from './i18n/messages';
import { wasPrerendered, whenActivated } from './lib/activation';
import { afterFirstPaint } from './lib/firstPaint';
import { noteIntroSeen } from './lib/introOnce';
import {
  goToFragment,
  releaseScrollLock,
  watchVisitorScrolls,
} from './sections/preloader/scrollLock';

/**
 * The page's first script, and all of it that runs before the first paint: the prerendered HTML
 * is the page until then (it works without scripts). It fetches the visit's arrival at once, a
 * small chunk of its own that notes it as soon as it is in (app/arrival.ts): a visit that leaves
 * while the app loads is counted all the same. Once the first frame is on screen, it fetches the
 * app and the page's messages side by side and hydrates. The preloader covers the first seconds
 * of the tab session's first landing whatever happens, and its timings count from the navigation,
 * not from here; a later landing had it taken away by its inline script (lib/introOnce.ts).
 */
watchVisitorScrolls();
whenActivated(() => {
  noteIntroSeen();
  if (wasPrerendered()) goToFragment();
});
// Not in this script itself: its code would double what runs before the first paint. Like the
// vitals, it is no reason for the page not to start.
// A page prerendered ahead of a click is noted when the visitor is shown it (lib/activation.ts).
const arrived = import('./app/arrival')
  .then(
    ({ noteArrival }) => new Promise<void>((noted) => whenActivated(() => noted(noteArrival()))),
  )
  .catch((error: unknown) => console.warn('The visit was not noted:', error));
afterFirstPaint(() => {
  const locale = localeFromPath(window.location.pathname);
  if (locale) prefetchMessages(locale);
  // The app starts after the arrival is noted: it reads the visit's source the arrival kept.
  Promise.all([import('./app/start'), arrived])
    .then(([{ start }]) => start())
    // The prerendered page keeps working without its script (links, the form's plain POST),
    // once the parts held back under the preloader are shown (global.css).
    .catch((error: unknown) => {
      releaseScrollLock();
      console.error('The page did not start:', error);
    });
});
