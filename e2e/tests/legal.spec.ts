import { expect, test } from '../fixtures/test';
import { watchPage } from '../engines/problems';
import { asksConsent } from '../support/consent';
import { contactForm } from '../support/form';
import { openLanding } from '../support/landing';
import { expectLegalPage, LEGAL_KINDS, type LegalKind } from '../support/legal';
import { uniqueLead } from '../support/lead';
import { LOCALES, t } from '../support/locales';

/** The words of a `<link>…</link>` span in a message: the link's name. */
const linkWords = (message: string) => /<link>(.*)<\/link>/.exec(message)?.[1] ?? message;

for (const locale of LOCALES) {
  test(`${locale}: the form's links open the privacy policy and the consent text in a new tab, and what was typed stays`, async ({
    page,
    site,
  }) => {
    await openLanding(page, site.url, locale);
    const form = contactForm(page, locale);
    const lead = uniqueLead(locale);
    await form.field('name').fill(lead.name);
    const links: [LegalKind, string][] = [
      ['privacy', linkWords(t(locale, 'feedbackForm.note'))],
      // Only a form that asks for consent links to the consent text.
      ...(asksConsent(locale)
        ? [['consent', linkWords(t(locale, 'feedbackForm.consent'))] as [LegalKind, string]]
        : []),
    ];
    for (const [kind, words] of links) {
      const link = page.locator('#contact').getByRole('link', { name: words });
      // Its name says it opens a new tab.
      await expect(link).toHaveAccessibleName(`${words} ${t(locale, 'navigation.newTab')}`);
      const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
      const problems = watchPage(tab, { javaScriptDisabled: true });
      await tab.waitForLoadState();
      expect(tab.url()).toBe(`${site.url}/${locale}/${kind}`);
      await expectLegalPage(tab, locale, kind);
      problems.expectNone();
      await tab.close();
    }
    await expect(form.field('name')).toHaveValue(lead.name);
  });

  for (const kind of LEGAL_KINDS) {
    test(`${locale}: the footer opens the ${kind} page, which leads back to the landing page`, async ({
      page,
      site,
    }) => {
      await openLanding(page, site.url, locale);
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: t(locale, `navigation.legal.${kind}`), exact: true })
        .click();
      await expect(page).toHaveURL(`${site.url}/${locale}/${kind}`);
      await expectLegalPage(page, locale, kind);
      await page
        .getByRole('banner')
        .getByRole('link', { name: t(locale, 'buttons.backToSite') })
        .click();
      await expect(page).toHaveURL(`${site.url}/${locale}`);
    });
  }
}

test('the sitemap lists both legal pages in both languages; .consent.json is never served', async ({
  site,
}) => {
  const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
  for (const locale of LOCALES)
    for (const kind of LEGAL_KINDS) expect(sitemap).toContain(`/${locale}/${kind}</loc>`);
  expect((await fetch(`${site.url}/.consent.json`)).status).toBe(404);
});
