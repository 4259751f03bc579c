import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LOCALE, LOCALES, type Locale } from '../lib/constants';
import type { Messages } from '../content/types';
import enFile from './locales/en.json';
import { lazyMessages } from './messages';

export type { Messages };

// The build refuses locale files that do not match the schema (scripts/check-content.mjs), so the
// files are the schema's type; JSON imports only widen its enums to string.
const en = enFile as unknown as Messages;

// English ships in the app's chunk; the others are chunks of their own (messages.ts).
const loaders: Record<Locale, () => Promise<Messages>> = {
  en: () => Promise.resolve(en),
  ...lazyMessages,
};

/**
 * A fresh i18next instance whose language is `locale`. `preloaded` adds message files the caller
 * already has (the server renderer has both; the client has only English until it loads more).
 */
export function createI18n(
  locale: Locale,
  preloaded: Partial<Record<Locale, Messages>> = {},
): I18n {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(
    Object.entries({ en, ...preloaded }).map(([lng, messages]) => [lng, { translation: messages }]),
  );
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: [...LOCALES],
    resources,
    // Resources are in memory, so init finishes synchronously and the first render is translated.
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/** Adds the messages of `locale` to `i18n` unless they are there already. */
export async function loadLocale(i18n: I18n, locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  const messages = await loaders[locale]();
  i18n.addResourceBundle(locale, 'translation', messages);
}
