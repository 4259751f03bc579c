import { expect, test } from '../fixtures/test';
import { switchesAndKeeps } from '../journeys/language';
import { openLanding, tabOf } from '../support/landing';
import { LOCALES, type Locale } from '../support/locales';
import { VIEWPORTS } from '../support/viewports';

// The cross-engine journey (engines.spec.ts) switches once at two widths with the same steps;
// here Chromium goes there and back at every width, and / follows the saved choice.

for (const locale of LOCALES) {
  const other: Locale = locale === 'en' ? 'ru' : 'en';
  for (const viewport of VIEWPORTS) {
    test.describe(`${locale} at ${viewport.width} px`, () => {
      test.use({ viewport });

      test(`switches to ${other} and back, and a reload keeps the choice`, async ({
        page,
        site,
      }) => {
        const tab = tabOf(page);
        await openLanding(page, site.url, locale);
        await switchesAndKeeps(tab, site.url, locale, other);
        await switchesAndKeeps(tab, site.url, other, locale);

        // The saved choice also decides where / goes.
        await page.goto(`${site.url}/`);
        await expect(page).toHaveURL(`${site.url}/${locale}`);
      });
    });
  }
}
