// Shell constants, named as in the spec (docs/landing-page.md §9); tests import them rather than
// repeat the numbers.

/** At this width and above the menu is always open and the hover preview panel is available. */
export const DESKTOP_MIN_WIDTH = 1280;
/** The preloader starts fading at 3.9 s… */
export const PRELOADER_FADE_MS = 3900;
/** …and is removed at 4.2 s. */
export const PRELOADER_REMOVE_MS = 4200;
/** The scrollbar loses its active class this long after the last scroll event. */
export const SCROLL_ACTIVE_MS = 700;

export const LOCALES = ['en', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ru';
export const FALLBACK_LOCALE: Locale = 'en';

/** localStorage key and cookie name of the visitor's chosen language. */
export const USER_LOCALE_KEY = 'user-locale';
/** The cookie lets the server redirect `/` to the right locale before any script runs. */
export const USER_LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** localStorage key of the persisted docs store (the old site's vuex-persistedstate default). */
export const DOCS_STORAGE_KEY = 'vuex';

export const SOCIAL_LINKS = {
  x: 'https://x.com/mintline_dev',
  telegram: 'https://t.me/mintline_dev',
} as const;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
