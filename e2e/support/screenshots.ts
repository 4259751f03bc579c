import type { Page } from '@playwright/test';
import { pendingRequests } from '../engines/problems';

/**
 * Whether this run keeps whole-page pictures for people to look at (`make screenshots` asks for
 * them). Nothing asserts on a picture, and in the gate they were its costliest step: WebKit's,
 * window by window through its driver, took 10 to 25 s of a journey's 30 to 37 s.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** What a screenshot waits for: Playwright takes one only once `document.fonts.ready`. */
async function whatItWaitsFor(page: Page): Promise<string> {
  const fonts = await Promise.race([
    page.evaluate(() =>
      [...document.fonts]
        .filter((face) => face.status === 'loading' || face.status === 'error')
        .map((face) => `${face.family} ${face.weight} ${face.unicodeRange}: ${face.status}`),
    ),
    new Promise<string[]>((resolve) =>
      setTimeout(() => resolve(['(the page did not answer)']), 5000),
    ),
  ]);
  return [
    `fonts not loaded: ${fonts.length ? fonts.join('; ') : 'none'}`,
    `requests unanswered: ${pendingRequests(page).join('; ') || 'none'}`,
  ].join('\n');
}

/**
 * A full-page screenshot for people to look at; not an assertion. Chromium's full-page capture
 * (which resizes the page past the viewport) now and then never finishes in the full suite on a
 * busy two-core machine, each time so far on /ru. It gets a bound of its own, and a
 * viewport-sized picture stands in when it runs out. When that times out too, the test fails
 * with what the page was still waiting for (a font that never loads would be a visitor's problem
 * too).
 */
export async function fullPageScreenshot(page: Page, path: string): Promise<void> {
  try {
    await page.screenshot({ path, fullPage: true, timeout: 20_000 });
  } catch (error) {
    const waiting = await whatItWaitsFor(page);
    console.warn(`full-page screenshot ${path} timed out; saving the viewport instead\n${waiting}`);
    try {
      await page.screenshot({ path, timeout: 15_000 });
    } catch {
      throw new Error(`no screenshot of ${path} in 35 s\n${await whatItWaitsFor(page)}`, {
        cause: error,
      });
    }
  }
}
