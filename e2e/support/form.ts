import type { Page } from '@playwright/test';
import { FIELDS, type Lead } from './lead';
import { t, type Locale } from './locales';

/** The contact form's controls, found by their visible labels. */
export function contactForm(page: Page, locale: Locale) {
  const section = page.locator('#contact');
  const field = (name: (typeof FIELDS)[number]) =>
    section.getByLabel(t(locale, `feedbackForm.${name}`), { exact: true });
  return {
    field,
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
    async fill(lead: Lead) {
      for (const name of FIELDS) await field(name).fill(lead[name]);
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
