import { expect, test } from '../fixtures/test';
import { openLanding, SECTION_IDS } from '../support/landing';
import { LOCALES } from '../support/locales';
import { VIEWPORTS } from '../support/viewports';

// A section that clips with `overflow: hidden` is a scroll container: focus, scrollIntoView or
// find-in-page can scroll it sideways, and it stays shifted (issue 14: the hero's headline moved
// from 40 px to 7 px at 1280 px). Every element is asked to come into view at both inline edges
// and every focusable one takes focus; afterwards nothing may have moved sideways.
const WIDTHS = VIEWPORTS.filter((v) => v.width === 375 || v.width === 1280);

for (const locale of LOCALES) {
  for (const viewport of WIDTHS) {
    test(`${locale} at ${viewport.width} px: focus and scrollIntoView scroll no section sideways`, async ({
      page,
      site,
    }) => {
      await page.setViewportSize(viewport);
      await openLanding(page, site.url, locale);
      const lefts = () =>
        page.evaluate(
          (ids) =>
            ids.map((id) => {
              const heading = document.querySelector(`#${id} h1, #${id} h2`);
              return Math.round(heading!.getBoundingClientRect().left);
            }),
          [...SECTION_IDS],
        );
      const before = await lefts();
      const scrolled = await page.evaluate(() => {
        const all = [...document.querySelectorAll<HTMLElement>('body *')];
        for (const inline of ['end', 'start'] as const) {
          for (const el of all) el.scrollIntoView({ block: 'nearest', inline });
        }
        for (const el of all) if (el.tabIndex >= 0) el.focus();
        (document.activeElement as HTMLElement | null)?.blur();
        return [document.scrollingElement!, ...all]
          .filter((el) => el.scrollLeft !== 0)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className} scrolled ${el.scrollLeft} px`);
      });
      expect(scrolled).toEqual([]);
      expect(await lefts()).toEqual(before);
    });
  }
}
