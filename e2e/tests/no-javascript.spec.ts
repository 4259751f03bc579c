import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { CASES } from '../../web/src/lib/caseData';
import { PRELOADER_REMOVE_MS } from '../../web/src/lib/constants';
import { SERVICES } from '../../web/src/lib/services';
import { contactForm } from '../support/form';
import { SECTION_IDS } from '../support/landing';
import { outboxDrained, telegramText, uniqueLead } from '../support/lead';
import { LOCALES, t } from '../support/locales';
import { watchPage } from '../support/problems';

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

for (const locale of LOCALES) {
  test(`${locale} without JavaScript: the page reads fully and the form sends a lead`, async ({
    browser,
    site,
    telegram,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      reducedMotion: 'reduce',
      viewport: { width: 1280, height: 800 },
    });
    try {
      const page = await context.newPage();
      const problems = watchPage(page, { javaScriptDisabled: true });
      await page.goto(`${site.url}/${locale}`);

      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      // Under reduced motion there is no preloader, so nothing locks the page either.
      expect(await overflowY(page)).not.toBe('hidden');
      for (const id of SECTION_IDS) await expect(page.locator(`#${id}`)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(
        page.getByRole('link', { name: t(locale, 'cases.learnMore'), exact: false }),
      ).toHaveCount(CASES.length);
      await expect(page.locator('#services').getByRole('link')).toHaveCount(SERVICES.length);
      await expect(page.getByRole('contentinfo')).toContainText(t(locale, 'meta.copyright'));

      const lead = uniqueLead(locale);
      const form = contactForm(page, locale);
      await form.fill(lead);
      await form.submit.click();
      await expect(page).toHaveURL(`${site.url}/${locale}/thanks`);
      await expect(
        page.getByRole('heading', { name: t(locale, 'pages.thanks.heading') }),
      ).toBeVisible();

      await expect
        .poll(() => telegram.messages.filter((m) => m.text.includes(lead.tag)).length, {
          timeout: 15_000,
        })
        .toBe(1);
      await expect.poll(() => outboxDrained(site.url)).toBe(true);
      expect(telegram.messages.filter((m) => m.text.includes(lead.tag))).toHaveLength(1);
      const { text } = telegram.messages.find((m) => m.text.includes(lead.tag))!;
      const id = /\nЗаявка (\S+)$/.exec(text)?.[1] ?? '';
      expect(text).toBe(telegramText(lead, id));
      problems.expectNone();
    } finally {
      await context.close();
    }
  });
}

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
