import { mkdirSync } from 'node:fs';
import { expect, test } from '../fixtures/engines';
import { bannerTypes } from '../journeys/banner';
import { emblemShows } from '../journeys/emblem';
import { menuOpensAndCloses, previewOpensOnHover } from '../journeys/header';
import { switchesAndKeeps } from '../journeys/language';
import {
  expectNoHorizontalOverflow,
  preloaderGone,
  scrollThrough,
  SECTION_IDS,
  waitForHydration,
} from '../support/landing-steps';
import {
  callToActionStartsTheForm,
  learnMoreOpensTheCase,
  searchFindsACase,
  shareCounts,
  sidebarAndOutlineWork,
} from '../journeys/docs';
import { sendLeadThroughForm } from '../journeys/lead';
import {
  postsWithoutJavaScript,
  readsWithoutJavaScript,
  switchesLanguageWithoutJavaScript,
} from '../journeys/no-javascript';
import { preloaderShowsLocksAndLeaves } from '../journeys/preloader';
import { nothingScrollsSideways } from '../journeys/sideways';
import { outboxDrained, telegramText, uniqueLead } from '../support/lead';
import { leadsFromPage } from '../support/leads-report';
import { parsedPath, until } from '../support/wait';
import { LOCALES, type Locale } from '../support/locales';
import { SCREENSHOTS } from '../support/screenshots';
import { isDesktop } from '../support/viewports';

// The visitor's journeys, the same steps in every engine (projects chromium, firefox, webkit in
// playwright.config.ts), at a phone's and a laptop's width, in both languages.
const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];

for (const locale of LOCALES) {
  const other: Locale = locale === 'en' ? 'ru' : 'en';
  for (const viewport of VIEWPORTS) {
    test.describe(`${locale} at ${viewport.width} px`, () => {
      test.use({ tabViewport: viewport });

      // Two tests rather than one journey: in WebKit the whole took 30 s of its 60 s budget,
      // where a machine half as fast would have run out of it.
      test('reads, types and opens its menus', async ({ tab, site, engine }) => {
        await test.step('the preloader shows, locks scrolling and is gone by 4.2 s', async () => {
          await preloaderShowsLocksAndLeaves(tab, `${site.url}/${locale}`);
          await waitForHydration(tab);
        });

        await test.step('the banner types', () => bannerTypes(tab, locale));

        await test.step('the emblem shows: live, or its still image without WebGL', async () => {
          const shown = await emblemShows(tab);
          // Headless Firefox here has no WebGL (the still's own Chromium test turns it off).
          if (engine === 'firefox') expect(shown).toBe('still');
        });

        await test.step('no horizontal overflow; a screenshot to look at, when asked', async () => {
          await expectNoHorizontalOverflow(tab);
          await scrollThrough(tab);
          await expectNoHorizontalOverflow(tab);
          if (!SCREENSHOTS) return;
          mkdirSync('artifacts/engines', { recursive: true });
          await tab.screenshot(`artifacts/engines/${engine}-${locale}-${viewport.width}.png`);
        });

        if (isDesktop(viewport)) {
          await test.step('the preview panel opens on hover', () => previewOpensOnHover(tab));
        } else {
          await test.step('the menu opens and closes', () => menuOpensAndCloses(tab, locale));
        }

        await test.step('focus and scrollIntoView scroll no section sideways', () =>
          nothingScrollsSideways(tab));
      });

      test.describe('under reduced motion', () => {
        // The preloader and the parts that wake after it are the journey above's, and the docs
        // journey below sends a lead through them; here the intro would only be waited out,
        // twice (the reload plays it again).
        test.use({ tabOptions: { reducedMotion: true } });

        test('takes a lead and switches language', async ({ tab, site, telegram }) => {
          await test.step('the page is ready', async () => {
            await tab.goto(`${site.url}/${locale}`);
            await waitForHydration(tab);
            await preloaderGone(tab);
          });

          await test.step('a lead sent through the form arrives at the Bot API', async () => {
            const lead = uniqueLead(locale);
            await sendLeadThroughForm(tab, locale, lead);
            const arrived = () => telegram.messages.filter((m) => m.text.includes(lead.tag));
            await expect.poll(() => arrived().length, { timeout: 15_000 }).toBe(1);
            await expect.poll(() => outboxDrained(site.url)).toBe(true);
            const [message] = arrived();
            const id = /\nЗаявка (\S+)$/.exec(message.text)?.[1] ?? '';
            // Opened directly: the lead's source is a direct visit.
            expect(message.text).toBe(telegramText({ ...lead, source: {} }, id));
          });

          await test.step('the language switch changes the page; a reload keeps it', async () => {
            await tab.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }), null);
            await switchesAndKeeps(tab, site.url, locale, other);
            await preloaderGone(tab);
          });
        });
      });
    });
  }
}

// The docs (issue 35), once in each language: English on a laptop, Russian on a phone. The
// English visit begins on a docs page and ends with a lead, which the report counts under it.
for (const [locale, viewport] of [
  ['en', VIEWPORTS[1]!],
  ['ru', VIEWPORTS[0]!],
] as const) {
  test.describe(`${locale} at ${viewport.width} px`, () => {
    test.use({ tabViewport: viewport });

    test('reads the docs: Learn more, the sidebar, the outline, search, share, and back to the form', async ({
      tab,
      site,
      telegram,
    }) => {
      const phone = !isDesktop(viewport);
      const arrival = `/${locale}/docs/services/web3`;
      const before = leadsFromPage(site, arrival);
      if (!phone) {
        await tab.goto(`${site.url}${arrival}?utm_source=x`);
        await tab.click('.docs-top__brand');
      } else {
        await tab.goto(`${site.url}/${locale}`);
      }
      await waitForHydration(tab);
      await preloaderGone(tab);
      await test.step("a case's Learn more opens its page", () =>
        learnMoreOpensTheCase(tab, locale));
      await test.step('the sidebar and the outline', () =>
        sidebarAndOutlineWork(tab, locale, phone));
      await test.step('search finds a case by a word', () => searchFindsACase(tab, locale, phone));
      await test.step('share counts', () => shareCounts(tab, locale));
      await test.step('the call to action starts the form', () =>
        callToActionStartsTheForm(tab, locale, 'Slotly'));
      if (phone) return;
      await test.step('the lead is counted under the docs page the visit began on', async () => {
        await waitForHydration(tab);
        await preloaderGone(tab);
        const lead = uniqueLead(locale);
        await sendLeadThroughForm(tab, locale, lead);
        const arrived = () => telegram.messages.filter((m) => m.text.includes(lead.tag));
        await expect.poll(() => arrived().length, { timeout: 15_000 }).toBe(1);
        await expect.poll(() => outboxDrained(site.url)).toBe(true);
        expect(leadsFromPage(site, arrival)).toBe(before + 1);
      });
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ tabOptions: { javaScript: false, reducedMotion: true } });

  for (const locale of LOCALES) {
    const other: Locale = locale === 'en' ? 'ru' : 'en';
    for (const viewport of VIEWPORTS) {
      test.describe(`${locale} at ${viewport.width} px`, () => {
        test.use({ tabViewport: viewport });

        test('reached through the language switch, the page reads and the form posts', async ({
          tab,
          site,
          telegram,
        }) => {
          await tab.goto(`${site.url}/${other}`);
          await switchesLanguageWithoutJavaScript(tab, site.url, locale);
          await readsWithoutJavaScript(tab, locale);
          const lead = uniqueLead(locale);
          await postsWithoutJavaScript(tab, site.url, locale, lead);
          const arrived = () => telegram.messages.filter((m) => m.text.includes(lead.tag));
          await expect.poll(() => arrived().length, { timeout: 15_000 }).toBe(1);
          // No script solved a proof of work: the chat is told so.
          const id = /Заявка (\S+)$/.exec(arrived()[0]!.text)?.[1] ?? '';
          expect(arrived()[0]!.text).toBe(telegramText({ ...lead, unproven: true }, id));
        });
      });
    }
  }

  test.describe('with motion', () => {
    // The page's style sheet holds the parts after the banner back while the preloader plays; the
    // template's <noscript> style undoes that, or nothing would ever show them.
    test.use({ tabOptions: { javaScript: false, reducedMotion: false } });

    test('every part and the footer are on the page under the preloader, and after it', async ({
      tab,
      site,
    }) => {
      await tab.goto(`${site.url}/ru`);
      const shown = (ids: string[]) =>
        [...ids.map((id) => document.getElementById(id)), document.querySelector('footer')].map(
          (element) => !!element?.checkVisibility(),
        );
      const all = [...SECTION_IDS, 'footer'].map(() => true);
      expect(await tab.evaluate(shown, [...SECTION_IDS])).toEqual(all);
      // Without a script the preloader stays in the page, faded out and hidden by its animation.
      const covering = () =>
        !!document.querySelector('.preloader')?.checkVisibility({ visibilityProperty: true });
      await until(tab, covering, null, false, 'the preloader fades out', 8_000);
      expect(await tab.evaluate(shown, [...SECTION_IDS])).toEqual(all);
    });
  });

  test.describe('ru at 375 px', () => {
    test.use({ tabViewport: VIEWPORTS[0]! });

    test("the docs read and navigate: the phone's menu, the outline, the pager; no search field", async ({
      tab,
      site,
    }) => {
      await tab.goto(`${site.url}/ru/docs/`);
      const shown = (selector: string) =>
        !!document.querySelector(selector)?.checkVisibility({ visibilityProperty: true });
      expect(await tab.evaluate(shown, '.docs-search')).toBe(false);
      await tab.click('.docs-index__link[href="/ru/docs/cases/aurelia"]');
      await until(tab, parsedPath, null, '/ru/docs/cases/aurelia', 'the index opens the case');
      await sidebarAndOutlineWork(tab, 'ru', true);
      expect(await tab.evaluate(shown, '.docs-share')).toBe(false);
      await tab.click('a[rel="next"]');
      await until(tab, parsedPath, null, '/ru/docs/services/web3', 'the next page');
    });
  });
});
