import { expect } from '@playwright/test';
import { POPUP_HIDE_MS } from '../../web/src/sections/contact/popup';
import type { Tab } from '../engines/tab';
import { asksConsent, CONSENT_BOX } from '../support/consent';
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

/** The consent box as a visitor and a screen reader meet it. */
const consentState = (words: string) => {
  const box = document.querySelector<HTMLInputElement>('#contact input[name="consent"]');
  if (!box) return null;
  const [r, g, b] = getComputedStyle(box).borderTopColor.match(/\d+/g)!.map(Number);
  const description = document.getElementById(box.getAttribute('aria-describedby') ?? '');
  return {
    checked: box.checked,
    marked: box.getAttribute('aria-invalid') === 'true' && r > g + 80 && r > b + 50,
    saysWhy: description?.textContent?.trim() === words && description.checkVisibility(),
    focused: document.activeElement === box,
  };
};

/**
 * Where the form asks for consent: sent with the box unticked, the form marks the box red, says
 * why in words the box is described by, and moves focus to it; ticked, the marker goes.
 */
export async function consentRefusedThenTicked(tab: Tab, locale: Locale): Promise<void> {
  const words = t(locale, 'feedbackForm.consentRequired');
  await tab.click(FORM.submit);
  await until(
    tab,
    consentState,
    words,
    { checked: false, marked: true, saysWhy: true, focused: true },
    'the unticked consent box is marked and says why',
  );
  await tab.click(CONSENT_BOX);
  // Not focus: WebKit leaves it where it was when a checkbox is clicked, as Safari does.
  await until(
    tab,
    (selector) => {
      const box = document.querySelector<HTMLInputElement>(selector);
      return { checked: box?.checked, marked: box?.getAttribute('aria-invalid') ?? null };
    },
    CONSENT_BOX,
    { checked: true, marked: null },
    'the ticked box is no longer marked',
  );
}

/**
 * Types the lead into the form the way a visitor does (where the form asks for consent, first
 * tries to send it unticked), sends it, sees the success popup come and go on time, and the
 * fields emptied.
 */
export async function sendLeadThroughForm(tab: Tab, locale: Locale, lead: Lead): Promise<void> {
  for (const name of FIELDS) await tab.type(FORM.field(name), lead[name]);
  if (asksConsent(locale)) await consentRefusedThenTicked(tab, locale);
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
  if (asksConsent(locale)) {
    await until(
      tab,
      (box) => document.querySelector<HTMLInputElement>(box)?.checked,
      CONSENT_BOX,
      false,
      'the next lead asks for consent again',
    );
  }
}
