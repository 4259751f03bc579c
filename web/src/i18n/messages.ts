import type { Messages } from '../content/types';
import type { Locale } from '../lib/constants';

/**
 * The message files that are chunks of their own, fetched when first needed (English ships with
 * the app). Kept apart from i18n.ts so the page's first script can start the fetch without
 * bringing i18next along.
 */
export const lazyMessages: Record<Exclude<Locale, 'en'>, () => Promise<Messages>> = {
  ru: () => import('./locales/ru.json').then((module) => module.default as unknown as Messages),
};

/** Starts fetching `locale`'s messages if they are a chunk of their own. */
export function prefetchMessages(locale: Locale): void {
  if (locale !== 'en') void lazyMessages[locale]().catch(() => undefined);
}
