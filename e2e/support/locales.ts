import en from '../../web/src/i18n/locales/en.json' with { type: 'json' };
import ru from '../../web/src/i18n/locales/ru.json' with { type: 'json' };

export const LOCALES = ['en', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];

/** Both files have the same keys (web/src/i18n/locales.test.ts checks it). */
export type Messages = typeof en;
export const messages: Record<Locale, Messages> = { en, ru: ru as Messages };

/** The copy at a dotted key, e.g. t('ru', 'buttons.hireUs'); throws on a missing key. */
export function t(locale: Locale, key: string): string {
  let node: unknown = messages[locale];
  for (const part of key.split('.')) {
    node = (node as Record<string, unknown> | undefined)?.[part];
  }
  if (typeof node !== 'string') throw new Error(`no string at ${locale}:${key}`);
  return node;
}

/** Every string leaf of a locale file with its dotted key. */
export function leaves(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) =>
    leaves(value, prefix ? `${prefix}.${key}` : key),
  );
}
