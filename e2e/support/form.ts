import { expect, type Page } from '@playwright/test';
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

/**
 * Records in the page when the success popup appears and when it leaves, with the page's own
 * clock, so its timing is measured without the test's polling delays.
 */
export async function recordPopup(page: Page, text: string): Promise<void> {
  await page.evaluate((popupText) => {
    const record: { shown?: number; hidden?: number } = {};
    (window as unknown as { popupTiming: typeof record }).popupTiming = record;
    const visible = () =>
      [...document.querySelectorAll('#contact [role="status"] *')].some(
        (element) => element.textContent?.trim() === popupText && element.checkVisibility(),
      );
    const check = () => {
      const now = performance.now();
      if (record.shown === undefined && visible()) record.shown = now;
      else if (record.shown !== undefined && record.hidden === undefined && !visible()) {
        record.hidden = now;
      }
      // A timer, not animation frames: headless Chromium sometimes pauses frames for a while.
      if (record.hidden === undefined) setTimeout(check, 10);
    };
    check();
  }, text);
}

export async function popupTiming(page: Page): Promise<{ shown: number; hidden: number }> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () => (window as unknown as { popupTiming: { hidden?: number } }).popupTiming.hidden,
        ),
      {
        timeout: 6_000,
        message: 'the popup appears and leaves',
      },
    )
    .toBeDefined();
  return page.evaluate(
    () => (window as unknown as { popupTiming: { shown: number; hidden: number } }).popupTiming,
  );
}
