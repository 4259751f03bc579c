import { expect } from '@playwright/test';
import type { Tab } from '../engines/tab';
import { foreignCopy, READ_PAGE_TEXT } from '../support/copy';
import { t, type Locale } from '../support/locales';
import { waitForHydration } from '../support/landing-steps';
import { isDesktop } from '../support/viewports';
import { until } from '../support/wait';

/** Clicks Eng or Ru in the header, through the burger menu on narrow screens. */
export async function chooseLanguage(tab: Tab, from: Locale, to: Locale): Promise<void> {
  if (!isDesktop(tab.viewport)) await tab.click('.header__burger');
  const found = await tab.evaluate(
    ({ list, name }) => {
      const links = document.querySelectorAll(`ul[aria-label="${list}"] a`);
      const link = [...links].find((a) => a.textContent?.trim() === name);
      link?.setAttribute('data-e2e-target', 'language');
      return !!link;
    },
    { list: t(from, 'locales.label'), name: t(from, `locales.${to}`) },
  );
  expect(found, `the ${to} link`).toBe(true);
  await tab.click('[data-e2e-target="language"]');
}

/** URL, <html lang>, title and copy all say `locale`, and nothing of the other language shows. */
export async function expectLanguage(tab: Tab, baseUrl: string, locale: Locale): Promise<void> {
  await expect.poll(() => tab.url(), { message: 'the address' }).toBe(`${baseUrl}/${locale}`);
  await until(
    tab,
    (title) => ({
      lang: document.documentElement.lang,
      title: document.title,
      heading: [...document.querySelectorAll('h2')].some(
        (h) => h.textContent?.trim() === title && h.checkVisibility(),
      ),
    }),
    t(locale, 'feedbackForm.title'),
    { lang: locale, title: t(locale, 'meta.title'), heading: true },
    `the page reads in ${locale}`,
  );
  const text = await tab.evaluate(READ_PAGE_TEXT, null);
  expect(foreignCopy(locale).filter((copy) => text.includes(copy))).toEqual([]);
}

/** The choice is saved where the spec says: localStorage and the cookie the server reads. */
export async function expectSaved(tab: Tab, locale: Locale): Promise<void> {
  expect(
    await tab.evaluate(
      () => ({
        stored: localStorage.getItem('user-locale'),
        cookie: /(?:^|; )user-locale=([^;]*)/.exec(document.cookie)?.[1] ?? null,
      }),
      null,
    ),
  ).toEqual({ stored: locale, cookie: locale });
}

/** Switches from one language to the other; the page, the saved choice and a reload all agree. */
export async function switchesAndKeeps(
  tab: Tab,
  baseUrl: string,
  from: Locale,
  to: Locale,
): Promise<void> {
  await chooseLanguage(tab, from, to);
  await expectLanguage(tab, baseUrl, to);
  await expectSaved(tab, to);
  await tab.reload();
  await waitForHydration(tab);
  await expectLanguage(tab, baseUrl, to);
}
