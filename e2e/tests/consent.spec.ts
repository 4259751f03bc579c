import { expect, test } from '../fixtures/test';
import type { FakeTelegram } from '../fixtures/fake-telegram';
import { PROOF_SECRET } from '../fixtures/landing-server';
import { watchPage } from '../engines/problems';
import { asksConsent, currentConsent } from '../support/consent';
import { contactForm, watchLeadPosts } from '../support/form';
import { openLanding } from '../support/landing';
import { outboxDrained, uniqueLead } from '../support/lead';
import { LOCALES, t } from '../support/locales';
import { mintProof } from '../receivers/mint-proof.mjs';

// Consent to the processing of personal data (152-FZ): the locales of the build's
// VITE_CONSENT_LOCALES (ru by default) show a separate, unticked checkbox; the server refuses a
// lead without it. The other locales show a notice instead and send no consent.
const messagesFor = (telegram: FakeTelegram, tag: string) =>
  telegram.messages.filter((message) => message.text.includes(tag));

for (const locale of LOCALES.filter(asksConsent)) {
  test(`${locale}: the form is not sent unticked; it says why, and once ticked the lead carries the version and arrives`, async ({
    page,
    site,
    telegram,
  }) => {
    const posts = watchLeadPosts(page);
    await openLanding(page, site.url, locale);
    const form = contactForm(page, locale);
    const lead = uniqueLead(locale);
    await form.fill(lead, { consent: false });
    await expect(form.consent).not.toBeChecked();

    await form.submit.click();
    await expect.poll(() => form.markedFields()).toEqual(['consent']);
    await expect(form.consentWords).toBeVisible();
    await expect(form.consent).toHaveAccessibleDescription(
      t(locale, 'feedbackForm.consentRequired'),
    );
    await expect(form.consent).toBeFocused();
    expect(posts, 'no request for an unticked form').toEqual([]);

    await form.consent.check();
    await expect.poll(() => form.markedFields()).toEqual([]);
    await expect(form.consentWords).toBeHidden();
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/contact'),
      form.submit.click(),
    ]);
    expect(response.status()).toBe(202);
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]!).consent, 'the version of .consent.json').toBe(
      currentConsent(locale),
    );
    await expect(form.popup).toBeVisible();
    await expect(form.consent, 'the next lead is a consent of its own').not.toBeChecked();
    await expect.poll(() => messagesFor(telegram, lead.tag).length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => outboxDrained(site.url)).toBe(true);
    expect(messagesFor(telegram, lead.tag), 'exactly one message').toHaveLength(1);
  });

  test(`${locale} without JavaScript: the browser does not post the unticked form; ticked, it posts the version`, async ({
    browser,
    site,
    telegram,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      const problems = watchPage(page, { javaScriptDisabled: true });
      const posts = watchLeadPosts(page);
      await page.goto(`${site.url}/${locale}`);
      const form = contactForm(page, locale);
      const lead = uniqueLead(locale);
      await form.fill(lead, { consent: false });
      await form.submit.click();
      // The browser's own check of the required box: it stays on the page, at the box.
      await expect(form.consent).toBeFocused();
      expect(
        await form.consent.evaluate((box: HTMLInputElement) => box.validity.valueMissing),
      ).toBe(true);
      await expect(page).toHaveURL(`${site.url}/${locale}`);
      expect(posts).toEqual([]);

      await form.consent.check();
      await form.submit.click();
      await expect(page).toHaveURL(`${site.url}/${locale}/thanks`);
      expect(new URLSearchParams(posts[0]).get('consent')).toBe(currentConsent(locale));
      await expect.poll(() => messagesFor(telegram, lead.tag).length, { timeout: 15_000 }).toBe(1);
      problems.expectNone();
    } finally {
      await context.close();
    }
  });

  test(`${locale}: a lead posted without consent, or with a version the build never had, gets 422 and nothing is stored`, async ({
    site,
    telegram,
  }) => {
    const lead = uniqueLead(locale);
    const fields = {
      name: lead.name,
      social: lead.social,
      email: lead.email,
      message: lead.message,
      locale,
      website: '',
    };
    const post = (body: string, type: string) =>
      fetch(`${site.url}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': type, Origin: site.url, Accept: 'text/html' },
        body,
        redirect: 'manual',
      });

    // As a browser without the `required` check would post it: the localized form-error page.
    const form = await post(
      new URLSearchParams(fields).toString(),
      'application/x-www-form-urlencoded',
    );
    expect(form.status).toBe(422);
    const page = await form.text();
    expect(page).toContain(`<html lang="${locale}"`);
    expect(page).toContain(t(locale, 'pages.formError.heading'));
    expect(page).toContain(t(locale, 'pages.formError.consentRule'));

    // With a proof of work, as the page's script sends one: the consent is what is refused.
    const json = (consent?: string) =>
      post(
        JSON.stringify({
          ...fields,
          ...(consent !== undefined && { consent }),
          altcha: mintProof(PROOF_SECRET),
        }),
        'application/json',
      );
    const missing = await json();
    expect([missing.status, await missing.json()]).toEqual([
      422,
      { errors: { consent: 'required' } },
    ]);
    const unknown = await json('0'.repeat(64));
    expect([unknown.status, await unknown.json()]).toEqual([
      422,
      { errors: { consent: 'unknown_version' } },
    ]);

    await expect.poll(() => outboxDrained(site.url)).toBe(true);
    expect(messagesFor(telegram, lead.tag)).toEqual([]);
  });
}

for (const locale of LOCALES.filter((locale) => !asksConsent(locale))) {
  test(`${locale}: the form shows the notice with the policy link, no checkbox, and sends no consent`, async ({
    page,
    site,
    telegram,
  }) => {
    const posts = watchLeadPosts(page);
    await openLanding(page, site.url, locale);
    const form = contactForm(page, locale);
    await expect(form.consent).toHaveCount(0);
    await expect(
      page.locator('#contact').getByRole('link', {
        name: t(locale, 'feedbackForm.note').replace(/.*<link>(.*)<\/link>.*/, '$1'),
      }),
    ).toHaveAttribute('href', `/${locale}/privacy`);
    const lead = uniqueLead(locale);
    await form.fill(lead);
    await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/contact'),
      form.submit.click(),
    ]);
    expect(JSON.parse(posts[0]!)).not.toHaveProperty('consent');
    await expect.poll(() => messagesFor(telegram, lead.tag).length, { timeout: 15_000 }).toBe(1);
  });
}
