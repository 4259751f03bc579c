import { expect } from '@playwright/test';
import type { Tab } from '../engines/tab';
import { SECTION_IDS } from '../support/landing-steps';

/**
 * A section that clips with `overflow: hidden` is a scroll container: focus, scrollIntoView or
 * find-in-page can scroll it sideways, and it stays shifted (issue 14: the hero's headline moved
 * from 40 px to 7 px at 1280 px). Every element is asked to come into view at both inline edges
 * and every focusable one takes focus; afterwards nothing may have moved sideways.
 */
export async function nothingScrollsSideways(tab: Tab): Promise<void> {
  const lefts = () =>
    tab.evaluate(
      (ids) =>
        ids.map((id) => {
          const heading = document.querySelector(`#${id} h1, #${id} h2`);
          return Math.round(heading!.getBoundingClientRect().left);
        }),
      [...SECTION_IDS],
    );
  await tab.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }), null);
  const before = await lefts();
  const scrolled = await tab.evaluate(() => {
    const all = [...document.querySelectorAll<HTMLElement>('body *')];
    for (const inline of ['end', 'start'] as const) {
      for (const el of all) el.scrollIntoView({ block: 'nearest', inline });
    }
    for (const el of all) if (el.tabIndex >= 0) el.focus();
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo({ top: 0, behavior: 'instant' });
    return [document.scrollingElement!, ...all]
      .filter((el) => el.scrollLeft !== 0)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} scrolled ${el.scrollLeft} px`);
  }, null);
  expect(scrolled).toEqual([]);
  expect(await lefts()).toEqual(before);
}
