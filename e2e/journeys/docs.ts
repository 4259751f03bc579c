import { expect } from '@playwright/test';
import type { Tab } from '../engines/tab';
import { DOCS_COPY } from '../../web/src/docs/pages/copy';
import { messages, type Locale } from '../support/locales';
import { parsedPath as path, until } from '../support/wait';

// The docs pages, read the same way in every engine: from a case's Learn more to its page, then
// through the sidebar, the outline, search, share and the call to action back to the form.

/** Whether the element is on screen (its box inside the window). */
const onScreen = (selector: string) => {
  const box = document.querySelector(selector)?.getBoundingClientRect();
  return !!box && box.top >= 0 && box.top < innerHeight && box.height > 0;
};

/** The page scrolls and no intro covers it (on a docs page, trivially). */
const introGone = () =>
  !document.documentElement.classList.contains('preloading') &&
  !document
    .querySelector('[data-testid="preloader"]')
    ?.checkVisibility({ opacityProperty: true, visibilityProperty: true });

/** A case's Learn more on the landing page opens the case's docs page in the page's language. */
export async function learnMoreOpensTheCase(tab: Tab, locale: Locale): Promise<void> {
  const item = messages[locale].cases.items[0]!;
  await tab.click(`#cases a.case-card__more[href="/${locale}/docs/cases/${item.id}"]`);
  await until(tab, path, null, `/${locale}/docs/cases/${item.id}`, 'the case page opens');
  const head = await tab.evaluate(
    () => ({ lang: document.documentElement.lang, h1: document.querySelector('h1')?.textContent }),
    null,
  );
  expect(head.lang).toBe(locale);
  expect(head.h1).toContain(item.name);
}

/**
 * The sidebar (a menu on a phone, a column on a wide screen) opens another part, marked as the
 * current page, and the outline (folded on a phone) scrolls to a heading. Without a script too.
 */
export async function sidebarAndOutlineWork(tab: Tab, locale: Locale, phone: boolean) {
  const last = messages[locale].cases.items.at(-1)!;
  const sidebar = phone ? '.docs-menu' : '.docs-sidebar';
  if (phone) await tab.click('.docs-menu > summary');
  await tab.click(`${sidebar} a[href="/${locale}/docs/cases/${last.id}"]`);
  await until(tab, path, null, `/${locale}/docs/cases/${last.id}`, 'the sidebar opens the part');
  const current = (selector: string) =>
    document.querySelector(`${selector} [aria-current="page"]`)?.getAttribute('href');
  expect(await tab.evaluate(current, sidebar)).toBe(`/${locale}/docs/cases/${last.id}`);

  const outline = phone ? '.docs-outline-fold' : '.docs-aside';
  if (phone) await tab.click('.docs-outline-fold > summary');
  const anchor = await tab.evaluate(
    (selector) => document.querySelector(`${selector} li:last-child a`)?.getAttribute('href'),
    outline,
  );
  expect(anchor).toMatch(/^#[a-z-]+$/);
  await tab.click(`${outline} li:last-child a`);
  await until(tab, path, null, `/${locale}/docs/cases/${last.id}${anchor}`, 'the outline link');
  await until(tab, onScreen, anchor!, true, 'the heading is on screen');
}

/** Search, loaded on the field's first focus, finds a case by a word of the page's language. */
export async function searchFindsACase(tab: Tab, locale: Locale, phone: boolean): Promise<void> {
  // «неявками» is not in the Russian article, «неявки» is: the stemmer joins them.
  const query = locale === 'ru' ? 'неявками' : 'no-shows';
  // Nothing of the index came with the pages so far: it loads on the field's first focus.
  const indexLoaded = () =>
    performance.getEntriesByType('resource').some((entry) => entry.name.includes('/pagefind/'));
  expect(await tab.evaluate(indexLoaded, null)).toBe(false);
  // On a phone the field opens from its button in the header.
  if (phone) await tab.click('.docs-search__toggle');
  await tab.type('#docs-search-input', query);
  const result = `.docs-search__results a[href="/${locale}/docs/cases/slotly"]`;
  await until(tab, (selector) => !!document.querySelector(selector), result, true, 'a result');
  await tab.click(result);
  await until(tab, path, null, `/${locale}/docs/cases/slotly`, 'the result opens its page');
}

/**
 * Share copies the link, or hands it to the system's sheet, and counts the share. What the page
 * hands the clipboard is observed in the page: no engine's driver here reads the clipboard.
 */
export async function shareCounts(tab: Tab, locale: Locale): Promise<void> {
  // The page's own clipboard call, observed: the text it was handed.
  await tab.evaluate(() => {
    const clipboard = navigator.clipboard as Clipboard | undefined;
    const write = clipboard?.writeText.bind(clipboard);
    if (!clipboard || !write) return;
    clipboard.writeText = (text: string) => {
      (window as unknown as { copied: string }).copied = text;
      return write(text);
    };
  }, null);
  await tab.click('.docs-share__button');
  const copy = DOCS_COPY[locale];
  const status = () => document.querySelector('.docs-share__status')?.textContent ?? '';
  await expect
    .poll(() => tab.evaluate(status, null), { message: 'the share says what it did' })
    .toMatch(new RegExp(`^(${copy.copied}|${copy.shared})$`));
  const shares = await tab.evaluate(
    () => JSON.parse(localStorage.getItem('vuex') ?? 'null')?.state?.numberOfShares,
    null,
  );
  expect(shares).toBe(1);
  const copied = await tab.evaluate(
    () => (window as unknown as { copied?: string }).copied ?? null,
    null,
  );
  const address = await tab.evaluate(() => location.href.split('#')[0], null);
  // A copy says so and copied the page's address; a share sheet copies nothing.
  if ((await tab.evaluate(status, null)) === copy.copied) expect(copied).toBe(address);
  else expect(copied).toBeNull();
}

/** The call to action opens the landing page's form with the message begun. */
export async function callToActionStartsTheForm(tab: Tab, locale: Locale, topic: string) {
  await tab.click('.docs-cta__button');
  // The tab session has had its intro on an earlier landing: this one shows the page at once. The
  // intro would cover it for 4.2 s, far longer than any driver takes to look.
  await until(tab, path, null, `/${locale}#contact`, 'the landing opens');
  await until(tab, introGone, null, true, 'no intro on a later landing of the visit', 2_000);
  const begun = locale === 'ru' ? `Тема: ${topic} — ` : `About: ${topic} — `;
  await until(
    tab,
    () => document.querySelector<HTMLTextAreaElement>('#contact textarea[name="message"]')?.value,
    null,
    begun,
    'the form starts with the topic',
  );
  // The address names #contact: the section is on screen once the page has let it go.
  await until(tab, onScreen, '#contact', true, 'the contact section is on screen');
}
