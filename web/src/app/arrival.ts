// The visit's arrival on the landing page, noted by the start-up script (entry-client.tsx) before
// the app is fetched, as a docs page's script notes its own (docs/client/main.ts).
import { startFunnel } from '../funnel/beacon';
import { noteStep } from '../funnel/steps';
import { guessBrowserLocale, localeFromPath } from '../i18n/detect';
import { captureSource } from '../source/session';

/**
 * Keeps where the visit came from (read before the locale guard or a language switch rewrites
 * the URL) and notes the funnel's first step, whose beacon goes whenever the page is hidden from
 * now on. Noted first thing: on a slow phone or machine the app's script, the page's messages and
 * the hydration take seconds, and a visit that left before them was counted nowhere.
 */
export function noteArrival(): void {
  captureSource({ locale: localeFromPath(location.pathname) ?? guessBrowserLocale() });
  // The page's language as its <html lang> says it: the prerendered page's from the first byte
  // (a /ru page names ru before its messages have loaded), then a language switch's.
  startFunnel(() => document.documentElement.lang);
  noteStep('arrived');
}
