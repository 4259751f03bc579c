import { expect, test } from '../fixtures/test';
import { waitForHydration } from '../support/landing';
import type { Locale } from '../support/locales';
import type { Page } from '@playwright/test';

async function sendAcceptLanguage(page: Page, siteUrl: string, acceptLanguage: string) {
  await page.route(
    (url) => url.origin === new URL(siteUrl).origin,
    (route) =>
      route.continue({
        headers: { ...route.request().headers(), 'accept-language': acceptLanguage },
      }),
  );
}

// A first visit to / with no saved language: the server guesses from Accept-Language by quality
// (a supported language without its region counts), else Russian; a user-locale cookie wins.
const arrivals: { acceptLanguage: string; cookie?: Locale; expected: Locale }[] = [
  { acceptLanguage: 'ru-RU,ru;q=0.9', expected: 'ru' },
  { acceptLanguage: 'en-US,en;q=0.9', expected: 'en' },
  { acceptLanguage: 'de-DE,en-GB;q=0.9', expected: 'en' },
  { acceptLanguage: 'de-DE,de;q=0.9', expected: 'ru' },
  { acceptLanguage: 'ru-RU,ru;q=0.9', cookie: 'en', expected: 'en' },
  { acceptLanguage: 'en-US,en;q=0.9', cookie: 'ru', expected: 'ru' },
];

for (const { acceptLanguage, cookie, expected } of arrivals) {
  test.describe(`Accept-Language ${acceptLanguage}${cookie ? `, cookie ${cookie}` : ''}`, () => {
    // navigator.language follows the first tag; the request to / carries the whole header
    // (Chromium would otherwise send only the emulated locale).
    test.use({ locale: acceptLanguage.split(',')[0] });

    test(`arriving at / lands on /${expected}`, async ({ page, context, site }) => {
      if (cookie) {
        await context.addCookies([{ name: 'user-locale', value: cookie, url: site.url }]);
      }
      await sendAcceptLanguage(page, site.url, acceptLanguage);
      await page.goto(`${site.url}/`);
      await expect(page).toHaveURL(`${site.url}/${expected}`);
      await expect(page.locator('html')).toHaveAttribute('lang', expected);
      await waitForHydration(page);
      // The client's own guard must agree with the server's choice and stay put.
      await expect(page).toHaveURL(`${site.url}/${expected}`);
    });
  });
}

test.describe('an unsupported locale segment', () => {
  test.use({ locale: 'en-US' });

  test('/de redirects to the guessed locale', async ({ page, site }) => {
    await sendAcceptLanguage(page, site.url, 'en-US,en;q=0.9');
    await page.goto(`${site.url}/de`);
    await expect(page).toHaveURL(`${site.url}/en`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
