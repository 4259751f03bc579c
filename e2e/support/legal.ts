import { expect, type Page } from '@playwright/test';
import en from '../../web/src/legal/texts/en.json' with { type: 'json' };
import ru from '../../web/src/legal/texts/ru.json' with { type: 'json' };
import { currentConsent } from './consent';
import { t, type Locale } from './locales';

/** The two legal documents the site publishes under /<locale>/<kind>. */
export const LEGAL_KINDS = ['privacy', 'consent'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

const texts = { en, ru };

/** The document's title, as web/src/legal/texts writes it (titles name no operator). */
export const legalTitle = (locale: Locale, kind: LegalKind): string => texts[locale][kind].title;

/**
 * The page is the document in its language, with no script, with its language versions in the
 * head, the consent text showing its version, and a link back to the landing page.
 */
export async function expectLegalPage(page: Page, locale: Locale, kind: LegalKind): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(legalTitle(locale, kind));
  await expect(page).toHaveTitle(new RegExp(`^${legalTitle(locale, kind)} — `));
  expect(await page.locator('script').count(), 'a legal page carries no script').toBe(0);
  const alternates = await page
    .locator('link[rel="alternate"]')
    .evaluateAll((links) =>
      links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]),
    );
  expect(alternates.map(([hreflang]) => hreflang)).toEqual(['en', 'ru']);
  for (const [hreflang, href] of alternates)
    expect(href).toMatch(new RegExp(`/${hreflang}/${kind}$`));
  if (kind === 'consent') await expect(page.getByText(currentConsent(locale))).toBeVisible();
  await expect(
    page.getByRole('link', { name: t(locale, 'buttons.backToSite') }).first(),
  ).toHaveAttribute('href', `/${locale}`);
}
