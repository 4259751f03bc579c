// Runs in vite.config.ts, in Node: a bad value fails the build, and the page gets only the list.
import { LOCALES, isLocale, type Locale } from '../lib/constants';

/**
 * The locales whose form asks for consent when VITE_CONSENT_LOCALES is unset or empty: Russian
 * law (152-FZ) wants it given separately, by its own checkbox.
 */
export const DEFAULT_CONSENT_LOCALES: readonly Locale[] = ['ru'];

/**
 * VITE_CONSENT_LOCALES as locales, in the site's order: a comma-separated list of en and ru, or
 * `none` for a form that asks nobody. A typo fails rather than silently dropping the checkbox
 * Russian law asks for.
 */
export function parseConsentLocales(raw: string | undefined): Locale[] {
  const text = raw?.trim() ?? '';
  if (text === '') return [...DEFAULT_CONSENT_LOCALES];
  if (text === 'none') return [];
  const items = text.split(',').map((item) => item.trim());
  if (!items.every(isLocale)) {
    throw new Error(
      `VITE_CONSENT_LOCALES must be a comma-separated list of ${LOCALES.join(', ')} (the ` +
        `locales whose form asks for consent to the processing of personal data) or none, ` +
        `not ${JSON.stringify(raw)}`,
    );
  }
  return LOCALES.filter((locale) => items.includes(locale));
}
