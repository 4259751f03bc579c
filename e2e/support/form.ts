import type { Page } from '@playwright/test';
import { asksConsent } from './consent';
import { FIELDS, type Lead } from './lead';
import { t, type Locale } from './locales';

/** The contact form's controls, found by their visible labels. */
export function contactForm(page: Page, locale: Locale) {
  const section = page.locator('#contact');
  const field = (name: (typeof FIELDS)[number]) =>
    section.getByLabel(t(locale, `feedbackForm.${name}`), { exact: true });
  const consent = section.locator('input[name="consent"]');
  return {
    field,
    /** The consent checkbox, in the locales whose form asks for consent. */
    consent,
    /** The words that say why the checkbox is marked. */
    consentWords: section.getByText(t(locale, 'feedbackForm.consentRequired'), { exact: true }),
    submit: section.getByRole('button', { name: t(locale, 'feedbackForm.submit') }),
    popup: section.getByRole('status').getByText(t(locale, 'feedbackForm.success')),
    /** The fields that carry the red marker (aria-invalid and a red border), in order. */
    markedFields: () =>
      section.locator('input, textarea').evaluateAll((inputs) =>
        inputs
          .filter((input) => {
            const [r, g, b] = getComputedStyle(input).borderTopColor.match(/\d+/g)!.map(Number);
            return input.getAttribute('aria-invalid') === 'true' && r > g + 80 && r > b + 50;
          })
          .map((input) => input.getAttribute('name')),
      ),
    /** Types the lead; ticks the consent box too where the form asks, unless told not to. */
    async fill(lead: Lead, { consent: tick = true } = {}) {
      for (const name of FIELDS) await field(name).fill(lead[name]);
      if (tick && asksConsent(locale)) await consent.check();
    },
  };
}

/** Every POST to /api/contact the page makes. */
export function watchLeadPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/contact') {
      posts.push(request.postData() ?? '');
    }
  });
  return posts;
}
