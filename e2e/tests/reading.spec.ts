import { expect, test } from '../fixtures/test';
import { foreignCopy, RAW_KEY, READ_PAGE_TEXT } from '../support/copy';
import {
  expectNoHorizontalOverflow,
  openLanding,
  scrollThrough,
  SECTION_IDS,
} from '../support/landing';
import { LOCALES, t } from '../support/locales';
import { fullPageScreenshot, SCREENSHOTS } from '../support/screenshots';
import { VIEWPORTS } from '../support/viewports';

const CYRILLIC = /[А-Яа-яЁё]/;

/** Each section's heading, by the locale key that holds it. */
const SECTION_HEADINGS = {
  cases: 'cases.title',
  services: 'whatWeOffer.title',
  about: 'whoWeAre.title',
  contact: 'feedbackForm.title',
} as const;

for (const locale of LOCALES) {
  for (const viewport of VIEWPORTS) {
    test.describe(`${locale} at ${viewport.width} px`, () => {
      test.use({ viewport });

      test('reads every section in its language, nothing missing or overflowing', async ({
        page,
        site,
      }) => {
        await openLanding(page, site.url, locale);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page).toHaveTitle(t(locale, 'meta.title'));

        for (const id of SECTION_IDS) await expect(page.locator(`#${id}`)).toBeVisible();
        for (const [id, key] of Object.entries(SECTION_HEADINGS)) {
          await expect(
            page.locator(`#${id}`).getByRole('heading', { level: 2, name: t(locale, key) }),
          ).toBeVisible();
        }
        const footer = page.getByRole('contentinfo');
        await expect(footer).toBeVisible();
        await expect(footer).toContainText(t(locale, 'meta.copyright'));

        await scrollThrough(page);
        await expectNoHorizontalOverflow(page);

        const text = await page.evaluate(READ_PAGE_TEXT);
        expect(text.match(RAW_KEY), 'untranslated key').toBeNull();
        const leaked = foreignCopy(locale).filter((copy) => text.includes(copy));
        expect(leaked, `copy of the other language on /${locale}`).toEqual([]);
        if (locale === 'en') {
          expect(text.match(CYRILLIC), 'Cyrillic on the English page').toBeNull();
        } else {
          for (const id of SECTION_IDS) {
            await expect(page.locator(`#${id}`), `#${id} in Russian`).toContainText(CYRILLIC);
          }
        }

        if (!SCREENSHOTS) return;
        await fullPageScreenshot(page, `artifacts/${locale}-${viewport.width}.png`);
        if (viewport.width === 1280) {
          await page.screenshot({ path: `artifacts/${locale}-${viewport.width}-viewport.png` });
        }
      });
    });
  }
}
