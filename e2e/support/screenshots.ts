import type { Page } from '@playwright/test';

/**
 * A full-page screenshot for people to look at; not an assertion. Chromium's full-page capture
 * (which resizes the page past the viewport) now and then never finishes on a busy two-core
 * machine, after the fonts are in, so it gets a bound of its own and a viewport-sized picture
 * stands in when it runs out, rather than failing a test whose checks all passed.
 */
export async function fullPageScreenshot(page: Page, path: string): Promise<void> {
  try {
    await page.screenshot({ path, fullPage: true, timeout: 20_000 });
  } catch (error) {
    console.warn(`full-page screenshot ${path} timed out; saving the viewport instead`, error);
    await page.screenshot({ path });
  }
}
