import { expect, type Page } from '@playwright/test';
import { playwrightTab } from '../engines/playwright';
import type { Tab } from '../engines/tab';
import * as steps from './landing-steps';
import type { Locale } from './locales';

export { SECTION_IDS } from './landing-steps';

// The Chromium-only specs use the shared steps through one Tab per page.
const tabs = new WeakMap<Page, Tab>();
export function tabOf(page: Page): Tab {
  let tab = tabs.get(page);
  if (!tab) tabs.set(page, (tab = playwrightTab(page)));
  return tab;
}

/** Opens /<locale> and waits until React has hydrated the page, so clicks reach handlers. */
export async function openLanding(page: Page, baseUrl: string, locale: Locale): Promise<void> {
  const response = await page.goto(`${baseUrl}/${locale}`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

export const waitForHydration = (page: Page) => steps.waitForHydration(tabOf(page));
export const expectNoHorizontalOverflow = (page: Page) =>
  steps.expectNoHorizontalOverflow(tabOf(page));
export const scrollThrough = (page: Page) => steps.scrollThrough(tabOf(page));

/**
 * The section has been scrolled to: its heading sits fully in the window, below the fixed header
 * (the page's banner landmark), and the URL names the section.
 */
export async function expectLandedOn(page: Page, id: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`#${id}$`));
  const heading = page.locator(`#${id}`).getByRole('heading').first();
  const header = page.getByRole('banner');
  const windowHeight = page.viewportSize()!.height;
  await expect
    .poll(
      async () => {
        const [title, bar] = await Promise.all([heading.boundingBox(), header.boundingBox()]);
        if (!title || !bar) return false;
        return title.y >= bar.y + bar.height - 1 && title.y + title.height <= windowHeight;
      },
      { message: `the heading of #${id} is in view below the header` },
    )
    .toBe(true);
}
