import type { Locale } from './constants';

export type { Locale };

/** i18next may report a region tag ("ru-RU"); the sections only care about en or ru. */
export function toLocale(language: string | undefined): Locale {
  return language?.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}
