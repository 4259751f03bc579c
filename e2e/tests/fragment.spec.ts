import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { expectLandedOn, waitForHydration } from '../support/landing';
import { twoPartPages, type TwoPartPages } from '../support/two-part-pages';

// Issue 44: a docs page's call to action opens `/en?about=…#contact`. While the page loads, the
// parts after the banner are held back (off the page under the preloader; under reduced motion
// laid out as placeholders a window high), and the browser goes to the #fragment then. Once they
// are back, the part the address names is where the visitor lands, in either motion setting,
// reached by a link or loaded directly. The pages come in two parts, as on a phone's network:
// from the loopback in one piece, Chromium usually lays out every part at the first frame, and
// the placeholders never show.

const ABOUT = '?about=Aurelia%20Estates';
// The part of each visit, loaded a few times: when the first frame comes varies from load to
// load, and so does how far the placeholders had moved the part.
const PARTS = ['contact', 'about', 'contact'];

let pages: TwoPartPages;
test.beforeEach(async ({ site }) => {
  pages = await twoPartPages(site.url);
});
test.afterEach(async () => {
  await pages.close();
});

/** The parts are back (the class has gone) and the page has hydrated them. */
async function partsBack(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains('preloading')), {
      message: 'the parts come back',
      timeout: 15_000,
    })
    .toBe(false);
  await waitForHydration(page);
}

for (const reducedMotion of ['reduce', 'no-preference'] as const) {
  test.describe(`prefers-reduced-motion: ${reducedMotion}`, () => {
    test.use({ contextOptions: { reducedMotion } });

    test("a docs page's call to action lands on the form, begun", async ({ page }) => {
      const visits = reducedMotion === 'reduce' ? 3 : 1;
      for (let visit = 0; visit < visits; visit++) {
        await page.goto(`${pages.url}/en/docs/cases/aurelia`);
        await page.click('.docs-cta__button');
        await partsBack(page);
        await expectLandedOn(page, 'contact');
        await expect(page.locator('#contact textarea[name="message"]')).toHaveValue(
          /^About: Aurelia Estates — /,
        );
      }
    });

    test('an address loaded directly lands on the part it names', async ({ page }) => {
      for (const part of reducedMotion === 'reduce' ? PARTS : ['about']) {
        // A new document each time: from the last address, only the fragment would change.
        await page.goto('about:blank');
        await page.goto(`${pages.url}/en${ABOUT}#${part}`);
        await partsBack(page);
        await expectLandedOn(page, part);
      }
    });
  });
}
