import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { PRELOADER_REMOVE_MS } from '../../web/src/lib/constants';
import { contactForm } from '../support/form';
import { outboxDrained, uniqueLead } from '../support/lead';
import { LOCALES, t, type Locale } from '../support/locales';
import { watchPage } from '../engines/problems';

const overflowY = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).overflowY);

test('without JavaScript the preloader locks the page, then CSS alone lets it scroll at 4.2 s', async ({
  browser,
  site,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    reducedMotion: 'no-preference',
  });
  try {
    const page = await context.newPage();
    await page.goto(`${site.url}/en`);
    // Playwright's evaluate still runs with the page's own scripts off.
    expect(await overflowY(page)).toBe('hidden');
    await expect(page.getByTestId('preloader')).toBeHidden({ timeout: PRELOADER_REMOVE_MS + 3000 });
    await expect.poll(() => overflowY(page)).not.toBe('hidden');
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  } finally {
    await context.close();
  }
});

// Reading the page and sending a lead with scripts off is a journey of every engine
// (engines.spec.ts); here Chromium also checks the preloader's CSS and the refused lead.
for (const locale of LOCALES) {
  test(`${locale} without JavaScript: a lead the server refuses gets the localized form-error page`, async ({
    browser,
    site,
    telegram,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      const problems = watchPage(page, { javaScriptDisabled: true });
      await page.goto(`${site.url}/${locale}`);
      // A one-letter name passes the browser's own `required` check but not the server's rules.
      const lead = { ...uniqueLead(locale), name: 'A' };
      await contactForm(page, locale).fill(lead);
      const [response] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === '/api/contact'),
        contactForm(page, locale).submit.click(),
      ]);
      expect(response.status()).toBe(422);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(
        page.getByRole('heading', { name: t(locale, 'pages.formError.heading') }),
      ).toBeVisible();
      await expect.poll(() => outboxDrained(site.url)).toBe(true);
      expect(telegram.messages.filter((m) => m.text.includes(lead.tag))).toEqual([]);
      // The 422 itself is the expected answer, not a failure of the page.
      expect(problems.problems.filter((p) => !p.includes('422'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

// Below 1280 px the sidebar cannot open without a script, so its links stand in the bar instead;
// the language switch among them is the page's only one, and plain links work without a script.
for (const locale of LOCALES) {
  const other: Locale = locale === 'en' ? 'ru' : 'en';
  for (const width of [375, 1024, 1280, 1920]) {
    test(`${locale} at ${width} px without JavaScript: a visible link in the header, reached with Tab, opens the ${other} page`, async ({
      browser,
      site,
    }) => {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        reducedMotion: 'reduce',
        viewport: { width, height: 800 },
      });
      try {
        const page = await context.newPage();
        const problems = watchPage(page, { javaScriptDisabled: true });
        await page.goto(`${site.url}/${locale}`);
        const header = page.getByRole('banner');
        const name = t(locale, `locales.${other}`);
        const link = header.getByRole('link', { name, exact: true });
        await expect(link).toBeVisible();
        await expect(link).toBeInViewport();
        await expect(link).toHaveAttribute('href', `/${other}`);

        // From the top of the page, Tab comes to the switch before focus leaves the header.
        for (let presses = 0; presses < 60; presses++) {
          await page.keyboard.press('Tab');
          const focus = await page.evaluate(() => !!document.activeElement?.closest('header'));
          if (await link.evaluate((element) => element === document.activeElement)) break;
          expect(focus, `Tab reaches «${name}» before leaving the header`).toBe(true);
        }
        await expect(link).toBeFocused();
        await page.keyboard.press('Enter');

        await expect(page).toHaveURL(`${site.url}/${other}`);
        await expect(page.locator('html')).toHaveAttribute('lang', other);
        const current = header.getByRole('link', {
          name: t(other, `locales.${other}`),
          exact: true,
        });
        await expect(current).toBeVisible();
        await expect(current).toHaveAttribute('aria-current', 'true');
        problems.expectNone();
      } finally {
        await context.close();
      }
    });
  }
}
