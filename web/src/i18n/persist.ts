import { USER_LOCALE_COOKIE_MAX_AGE_S, USER_LOCALE_KEY, type Locale } from '../lib/constants';

/**
 * Saves the visitor's choice in localStorage (read by the client guard) and in a cookie of the
 * same name, which the server reads to redirect `/` before any script has run.
 */
export function rememberLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(USER_LOCALE_KEY, locale);
  } catch {
    // Storage can be blocked (private modes, quotas); the cookie still carries the choice.
  }
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${USER_LOCALE_KEY}=${locale}; path=/; max-age=${USER_LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}

/** Keeps `<html lang>` in step with the page's language (screen readers, hyphenation, fonts). */
export function applyDocumentLocale(locale: Locale, title: string): void {
  document.documentElement.lang = locale;
  document.title = title;
}
