import { expect } from '@playwright/test';
import { HOLD_MS, PAUSE_MS, TYPE_MS } from '../../web/src/sections/banner/typing';
import type { Tab } from '../engines/tab';
import { messages, type Locale } from '../support/locales';

/**
 * The slogan types: over a hold and a pause plus some typing (so a window of time that starts in
 * the hold still sees letters typed), the live line shows several texts, each the start of one of
 * the locale's phrases, and at least one of three characters or more.
 */
export async function bannerTypes(tab: Tab, locale: Locale): Promise<void> {
  const seen = await tab.evaluate(
    (span) =>
      new Promise<string[]>((resolve) => {
        const texts = new Set<string>();
        const started = performance.now();
        const sample = () => {
          const live = document.querySelector('[data-testid="banner-typed"]');
          texts.add(live?.textContent ?? '');
          if (performance.now() - started < span) setTimeout(sample, 20);
          else resolve([...texts]);
        };
        sample();
      }),
    HOLD_MS + PAUSE_MS + 10 * TYPE_MS,
  );
  const phrases = messages[locale].banner.phrases;
  expect(seen.length, `typed texts seen: ${JSON.stringify(seen)}`).toBeGreaterThanOrEqual(3);
  for (const text of seen) {
    expect(
      phrases.some((phrase) => phrase.startsWith(text)),
      `"${text}" starts a phrase`,
    ).toBe(true);
  }
  expect(Math.max(...seen.map((text) => text.length))).toBeGreaterThanOrEqual(3);
}
