import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { foreignCopy, READ_PAGE_TEXT } from '../support/copy';
import { openLanding, waitForHydration } from '../support/landing';
import { LOCALES, t, type Locale } from '../support/locales';
import { isDesktop, VIEWPORTS, type Viewport } from '../support/viewports';

/** Clicks Eng or Ru in the header, through the burger menu on narrow screens. */
async function chooseLanguage(page: Page, viewport: Viewport, from: Locale, to: Locale) {
  if (!isDesktop(viewport)) {
    await page.getByRole('button', { name: t(from, 'buttons.openMenu') }).click();
  }
  await page
    .getByRole('list', { name: t(from, 'locales.label') })
    .getByRole('link', { name: t(from, `locales.${to}`), exact: true })
    .click();
}

/** URL, <html lang>, title, copy, the saved user-locale and its cookie all say `locale`. */
async function expectLanguage(page: Page, baseUrl: string, locale: Locale) {
  await expect(page).toHaveURL(`${baseUrl}/${locale}`);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page).toHaveTitle(t(locale, 'meta.title'));
  await expect(
    page.getByRole('heading', { level: 2, name: t(locale, 'feedbackForm.title') }),
  ).toBeVisible();
  const text = await page.evaluate(READ_PAGE_TEXT);
  expect(foreignCopy(locale).filter((copy) => text.includes(copy))).toEqual([]);
}

async function expectSaved(page: Page, locale: Locale) {
  expect(await page.evaluate(() => localStorage.getItem('user-locale'))).toBe(locale);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'user-locale')?.value).toBe(locale);
}

for (const locale of LOCALES) {
  const other: Locale = locale === 'en' ? 'ru' : 'en';
  for (const viewport of VIEWPORTS) {
    test.describe(`${locale} at ${viewport.width} px`, () => {
      test.use({ viewport });

      test(`switches to ${other} and back, and a reload keeps the choice`, async ({
        page,
        site,
      }) => {
        await openLanding(page, site.url, locale);
        await chooseLanguage(page, viewport, locale, other);
        await expectLanguage(page, site.url, other);
        await expectSaved(page, other);

        await page.reload();
        await waitForHydration(page);
        await expectLanguage(page, site.url, other);

        await chooseLanguage(page, viewport, other, locale);
        await expectLanguage(page, site.url, locale);
        await expectSaved(page, locale);
        await page.reload();
        await waitForHydration(page);
        await expectLanguage(page, site.url, locale);

        // The saved choice also decides where / goes.
        await page.goto(`${site.url}/`);
        await expect(page).toHaveURL(`${site.url}/${locale}`);
      });
    });
  }
}
