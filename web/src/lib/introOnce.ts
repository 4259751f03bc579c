/**
 * The intro once a visit (issue 49): the preloader plays on the first landing page of a tab
 * session; a later one (back from the docs, a call to action, a language switch, a reload) shows
 * the page at once.
 */

/**
 * sessionStorage key: the tab session has had its intro. A flag, not a record of the visitor: no
 * identifier, gone when the tab closes, never sent anywhere (docs/privacy.md).
 */
export const INTRO_SEEN_KEY = 'intro-seen';

/**
 * The class `<html>` carries once the tab session has had its intro: on a landing page it hides
 * the intro (Preloader.css); on any page it lets the speculation rules prerender a landing page
 * (scripts/speculation-rules.mjs), which would otherwise play its intro unseen.
 */
export const INTRO_SEEN_CLASS = 'intro-seen';

/**
 * The landing pages' one inline script, first in their head (scripts/prerender.mjs), allowed by
 * the CSP through its hash, which the build lists beside the site (.site.json). It decides
 * before anything is painted: on a landing page of a tab session that has had its intro, the
 * class that locks the page and holds its parts back (`preloadingClass`) becomes
 * INTRO_SEEN_CLASS, so the page lays out whole and the browser goes to its #fragment itself.
 * Classic and inline because the start-up module runs only once the page is parsed, a frame or
 * two after the first paint at 4x CPU (measured on 2026-12-07): the intro flashed. Storage
 * blocked: the intro plays, as on every landing before.
 */
export function introOnceScript(preloadingClass: string): string {
  return (
    `try{sessionStorage.getItem("${INTRO_SEEN_KEY}")&&document.documentElement.classList` +
    `.replace("${preloadingClass}","${INTRO_SEEN_CLASS}")}catch(e){}`
  );
}

/**
 * Whether the tab session has had its intro, as `<html>` says: on a later landing from before its
 * first paint (introOnceScript), on the first from the moment the Preloader leaves.
 */
export function introSeen(doc: Document = document): boolean {
  return doc.documentElement.classList.contains(INTRO_SEEN_CLASS);
}

/**
 * Notes that the tab session has had its intro. The landing page calls it once the visitor is
 * shown the page (a landing prerendered and never shown has played nothing to anyone).
 */
export function noteIntroSeen(storage: () => Storage = () => sessionStorage): void {
  try {
    storage().setItem(INTRO_SEEN_KEY, '1');
  } catch {
    // Storage blocked: every landing plays the intro, as before.
  }
}

/**
 * On a page that is not a landing page (a docs page): marks `<html>` when the tab session has had
 * its intro, for the speculation rules.
 */
export function markIntroSeen(
  doc: Document = document,
  storage: () => Storage = () => sessionStorage,
): void {
  try {
    if (storage().getItem(INTRO_SEEN_KEY) !== null) {
      doc.documentElement.classList.add(INTRO_SEEN_CLASS);
    }
  } catch {
    // Storage blocked: no landing page is prerendered, which only costs the wait.
  }
}
