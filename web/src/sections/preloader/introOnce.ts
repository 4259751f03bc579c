import { preloaderCovers, releaseScrollLock } from './scrollLock';

/**
 * sessionStorage key: the tab session has had its intro. A flag, not a record of the visitor: no
 * identifier, gone when the tab closes, never sent anywhere (docs/privacy.md).
 */
export const INTRO_SEEN_KEY = 'intro-seen';

/** The class `<html>` carries on a landing page whose intro the tab session has had. */
export const INTRO_SEEN_CLASS = 'intro-seen';

/**
 * The intro once a visit. The start-up script calls it first thing, before the first paint: on a
 * landing page the preloader covers, the tab session's first plays the intro and notes it; a later
 * one (back from the docs, a call to action, a language switch, a reload) takes the intro away
 * before it is ever painted (Preloader.css hides it under the class, the Preloader leaves at once)
 * and lets the page scroll to its #fragment now. Where the flag cannot be read or written
 * (storage blocked), every landing plays the intro, as before. Without JavaScript nothing runs
 * here and the CSS animation plays the intro each time. Returns whether the intro was skipped.
 */
export function introOncePerVisit(storage: () => Storage = () => sessionStorage): boolean {
  if (!preloaderCovers()) return false;
  try {
    if (storage().getItem(INTRO_SEEN_KEY) === null) {
      storage().setItem(INTRO_SEEN_KEY, '1');
      return false;
    }
  } catch {
    return false;
  }
  document.documentElement.classList.add(INTRO_SEEN_CLASS);
  releaseScrollLock();
  return true;
}

/** Whether this page took its intro away (introOncePerVisit). */
export function introSkipped(): boolean {
  return (
    typeof document !== 'undefined' && document.documentElement.classList.contains(INTRO_SEEN_CLASS)
  );
}
