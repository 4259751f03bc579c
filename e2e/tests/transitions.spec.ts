import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { waitForHydration } from '../support/landing';

// Issue 49: between the landing and the docs, a transition instead of a blank. Each document
// notes whether the browser revealed it with a cross-document view transition (the
// `pagereveal` event's viewTransition); under reduced motion none runs and the navigation is
// as it was.

declare global {
  interface Window {
    revealedWithTransition?: boolean;
  }
}

async function revealedWithTransition(page: Page): Promise<boolean | undefined> {
  await expect.poll(() => page.evaluate(() => window.revealedWithTransition)).toBeDefined();
  return page.evaluate(() => window.revealedWithTransition);
}

for (const reducedMotion of ['no-preference', 'reduce'] as const) {
  test.describe(`prefers-reduced-motion: ${reducedMotion}`, () => {
    test.use({ contextOptions: { reducedMotion } });

    test('the landing and a docs page cross-fade into each other, both ways', async ({
      page,
      site,
    }) => {
      await page.addInitScript(() => {
        window.addEventListener('pagereveal', (event) => {
          const { viewTransition } = event as Event & { viewTransition: unknown };
          window.revealedWithTransition = viewTransition != null;
        });
      });
      const expected = reducedMotion === 'no-preference';
      await page.goto(`${site.url}/en/docs/cases/aurelia`);
      // A page loaded from the address bar is revealed without one.
      expect(await revealedWithTransition(page)).toBe(false);

      await page.click('.docs-cta__button');
      await page.waitForURL(/\/en\?about=/);
      expect(await revealedWithTransition(page), 'docs → landing').toBe(expected);

      await expect
        .poll(() => page.evaluate(() => document.documentElement.classList.contains('preloading')))
        .toBe(false);
      await waitForHydration(page);
      await page.locator('#cases a[href^="/en/docs/"]').first().click();
      await page.waitForURL(/\/en\/docs\//);
      expect(await revealedWithTransition(page), 'landing → docs').toBe(expected);
    });
  });
}
