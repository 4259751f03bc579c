import { DEFAULT_LOCALE, USER_LOCALE_KEY, isLocale, type Locale } from '../lib/constants';

/**
 * The language to use when the URL names none (or an unsupported one): the saved choice wins,
 * then the browser language as a full tag (`ru-RU` would need to be supported as such), then
 * without its region (`ru`), else the default.
 */
export function guessLocale(saved: string | null, browserLanguage: string | undefined): Locale {
  if (isLocale(saved)) return saved;
  if (browserLanguage) {
    const full = browserLanguage.toLowerCase();
    if (isLocale(full)) return full;
    const base = full.split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

/** The saved `user-locale`, or null when there is none or storage is blocked. */
export function readSavedLocale(): string | null {
  try {
    return window.localStorage.getItem(USER_LOCALE_KEY);
  } catch {
    return null;
  }
}

/** guessLocale with the browser's own inputs. */
export function guessBrowserLocale(): Locale {
  return guessLocale(
    readSavedLocale(),
    typeof navigator === 'undefined' ? undefined : navigator.language,
  );
}

/** The locale named by the first path segment, or null. */
export function localeFromPath(pathname: string): Locale | null {
  const segment = pathname.split('/')[1];
  return isLocale(segment) ? segment : null;
}
