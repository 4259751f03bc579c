import { expect, type Page } from '@playwright/test';
import type { Locale } from './locales';

/** The page's sections in reading order, by their anchor ids, then the footer. */
export const SECTION_IDS = ['banner', 'cases', 'services', 'about', 'contact'] as const;

/** Opens /<locale> and waits until React has hydrated the page, so clicks reach handlers. */
export async function openLanding(page: Page, baseUrl: string, locale: Locale): Promise<void> {
  const response = await page.goto(`${baseUrl}/${locale}`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

/**
 * React marks each DOM node it has hydrated with an own `__reactFiber$…` property; once the footer
 * (the last thing rendered) has one, event handlers are attached everywhere above it.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const footer = document.querySelector('footer');
    return !!footer && Object.keys(footer).some((key) => key.startsWith('__reactFiber$'));
  });
}

/** The page is no wider than the window: nothing scrolls sideways. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(innerWidth);
}

/**
 * Scrolls through the whole page once, so lazy images load and in-view effects run, then back to
 * the top; full-page screenshots and checks then see the page as a reader would.
 *
 * Each stop waits for the next frame or 100 ms, whichever comes first: headless Chromium now and
 * then produces no frame for a long while (seen about once in 150 runs, a hang until the test
 * timed out), and a reader's page does not depend on frames arriving.
 */
export async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.scrollingElement!.scrollHeight);
  const step = page.viewportSize()!.height;
  for (let y = 0; y < height; y += step) {
    await page.evaluate(async (top) => {
      window.scrollTo({ top, behavior: 'instant' });
      await new Promise((resolve) => {
        requestAnimationFrame(resolve);
        setTimeout(resolve, 100);
      });
    }, y);
  }
  await page.evaluate(() => {
    window.scrollTo({ top: 0, behavior: 'instant' });
    // Chromium starts a lazy image's fetch in a rendering step, so during such a stall the images
    // scrolled past may never start (seen once: 12 of them, no frame for 6 s). A reader's browser
    // would have drawn those frames; the images still waiting are asked for directly.
    for (const img of document.images) {
      if (!img.complete && img.loading === 'lazy') img.loading = 'eager';
    }
  });
  await expect
    .poll(() => page.evaluate(() => [...document.images].filter((img) => !img.complete).length), {
      message: 'images still loading',
    })
    .toBe(0);
}

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
