/** The page languages (the same union as constants.ts's `Locale`, kept here so lib stands alone). */
export type Locale = 'en' | 'ru';

/** i18next may report a region tag ("ru-RU"); the sections only care about en or ru. */
export function toLocale(language: string | undefined): Locale {
  return language?.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}
