import { expect } from '@playwright/test';
import type { Tab } from '../engines/tab';
import { asksConsent, CONSENT_BOX } from '../support/consent';
import { FIELDS, type Lead } from '../support/lead';
import { messages, t, type Locale } from '../support/locales';
import { SECTION_IDS } from '../support/landing-steps';
import { parsedLang, until } from '../support/wait';
import { FORM } from './lead';

/**
 * With scripts off (and motion reduced, so no preloader): every section, the headline, each
 * case's Learn more, each service's link and the footer are there to read, in `locale`.
 */
export async function readsWithoutJavaScript(tab: Tab, locale: Locale): Promise<void> {
  const page = await tab.evaluate(
    ({ ids, learnMore }) => ({
      lang: document.documentElement.lang,
      scrollLocked: getComputedStyle(document.documentElement).overflowY === 'hidden',
      hidden: ids.filter((id) => !document.getElementById(id)?.checkVisibility()),
      headline: !!document.querySelector('h1')?.checkVisibility(),
      learnMore: [...document.querySelectorAll('#cases a')].filter((a) =>
        a.textContent?.includes(learnMore),
      ).length,
      serviceLinks: document.querySelectorAll('#services a').length,
      footer: document.querySelector('footer')?.textContent ?? '',
    }),
    { ids: [...SECTION_IDS], learnMore: t(locale, 'cases.learnMore') },
  );
  expect(page).toMatchObject({
    lang: locale,
    scrollLocked: false,
    hidden: [],
    headline: true,
    learnMore: messages[locale].cases.items.length,
    serviceLinks: messages[locale].whatWeOffer.services.length,
  });
  expect(page.footer).toContain(t(locale, 'meta.copyright'));
}

/**
 * The header's language switch is a plain link the visitor can see at this width (the sidebar it
 * sits in cannot open without a script), and it opens the page in the other language.
 */
export async function switchesLanguageWithoutJavaScript(
  tab: Tab,
  siteUrl: string,
  other: Locale,
): Promise<void> {
  await tab.click(`header a[hreflang="${other}"]`);
  await expect.poll(() => tab.url(), { message: `the ${other} page` }).toBe(`${siteUrl}/${other}`);
  await until(tab, parsedLang, null, other, 'the page language, its document parsed');
}

/**
 * The plain HTML form posts the lead and lands on the localized thank-you page. Where it asks
 * for consent, the browser's own check of the required box first stops the unticked post and
 * takes the visitor to the box.
 */
export async function postsWithoutJavaScript(
  tab: Tab,
  siteUrl: string,
  locale: Locale,
  lead: Lead,
): Promise<void> {
  for (const name of FIELDS) await tab.type(FORM.field(name), lead[name]);
  if (asksConsent(locale)) {
    await tab.click(FORM.submit);
    // Focus on the box is the browser's check at work; a post would have left the page instead.
    await until(
      tab,
      (selector) => {
        const box = document.querySelector<HTMLInputElement>(selector);
        return {
          missing: box?.validity.valueMissing,
          focused: !!box && document.activeElement === box,
          path: location.pathname,
        };
      },
      CONSENT_BOX,
      { missing: true, focused: true, path: `/${locale}` },
      'the browser refuses to post the unticked form',
    );
    await tab.click(CONSENT_BOX);
  }
  await tab.click(FORM.submit);
  await expect
    .poll(() => tab.url(), { message: 'the thank-you page' })
    .toBe(`${siteUrl}/${locale}/thanks`);
  await until(
    tab,
    (heading) =>
      [...document.querySelectorAll('h1, h2')].some(
        (h) => h.textContent?.trim() === heading && h.checkVisibility(),
      ),
    t(locale, 'pages.thanks.heading'),
    true,
    'the thank-you heading',
  );
}
