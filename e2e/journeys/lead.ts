import { expect } from '@playwright/test';
import { POPUP_HIDE_MS } from '../../web/src/sections/contact/popup';
import type { Tab } from '../engines/tab';
import { FIELDS, type Lead } from '../support/lead';
import { t, type Locale } from '../support/locales';
import { until } from '../support/wait';

interface PopupTiming {
  shown?: number;
  hidden?: number;
}

/**
 * Records in the page when the success popup appears and when it leaves, with the page's own
 * clock, so its timing is measured without the test's polling delays.
 */
export async function recordPopup(tab: Tab, text: string): Promise<void> {
  await tab.evaluate((popupText) => {
    const record: PopupTiming = {};
    (window as unknown as { popupTiming: PopupTiming }).popupTiming = record;
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

/** Waits for the recorded popup to come and go, then checks it stayed about 2.5 s. */
export async function expectPopupTiming(tab: Tab): Promise<void> {
  const read = () => (window as unknown as { popupTiming: PopupTiming }).popupTiming;
  await expect
    .poll(async () => (await tab.evaluate(read, null)).hidden, {
      timeout: 6_000,
      message: 'the popup appears and leaves',
    })
    .toBeDefined();
  const { shown, hidden } = await tab.evaluate(read, null);
  expect(hidden! - shown!, 'the popup stays about 2.5 s').toBeGreaterThan(POPUP_HIDE_MS - 300);
  expect(hidden! - shown!, 'the popup stays about 2.5 s').toBeLessThan(POPUP_HIDE_MS + 1000);
}

/** The form's controls as CSS selectors. */
export const FORM = {
  field: (name: (typeof FIELDS)[number]) => `#contact [name="${name}"]`,
  submit: '#contact button[type="submit"]',
};

/**
 * Types the lead into the form the way a visitor does, sends it, sees the success popup come and
 * go on time, and the fields emptied.
 */
export async function sendLeadThroughForm(tab: Tab, locale: Locale, lead: Lead): Promise<void> {
  for (const name of FIELDS) await tab.type(FORM.field(name), lead[name]);
  await recordPopup(tab, t(locale, 'feedbackForm.success'));
  await tab.click(FORM.submit);
  await expectPopupTiming(tab);
  await until(
    tab,
    (names) =>
      names.map(
        (name) => document.querySelector<HTMLInputElement>(`#contact [name="${name}"]`)?.value,
      ),
    [...FIELDS],
    FIELDS.map(() => ''),
    'the fields are emptied',
  );
}
