// The landing page's waits and whole-page checks through a Tab, so every engine's journeys and
// the Chromium-only specs (through support/landing.ts) share them.
import { expect } from '@playwright/test';
import type { Tab } from '../engines/tab';
import { until } from './wait';

/** The page's sections in reading order, by their anchor ids, then the footer. */
export const SECTION_IDS = ['banner', 'cases', 'services', 'about', 'contact'] as const;

/** Up to half a test's 60 s: a page that never hydrates still fails with time to say so. */
const HYDRATION_TIMEOUT_MS = 30_000;

/**
 * React marks each DOM node it has hydrated with an own `__reactFiber$…` property; once the footer
 * (the last thing rendered) has one, event handlers are attached everywhere above it.
 */
export async function waitForHydration(tab: Tab): Promise<void> {
  await until(
    tab,
    () => {
      const footer = document.querySelector('footer');
      return !!footer && Object.keys(footer).some((key) => key.startsWith('__reactFiber$'));
    },
    null,
    true,
    'the page hydrates',
    // An event, not a budget: WebKit at 1280 px with both workers busy took over 10 s to hydrate
    // a reloaded page in the gate (the app, its messages and the hydration, all in software).
    HYDRATION_TIMEOUT_MS,
  );
}

/** The preloader has left the page (it covers everything and takes clicks while there). */
export async function preloaderGone(tab: Tab): Promise<void> {
  await until(
    tab,
    () => !document.querySelector('[data-testid="preloader"]'),
    null,
    true,
    'the preloader leaves',
  );
}

/** The page is no wider than the window: nothing scrolls sideways. */
export async function expectNoHorizontalOverflow(tab: Tab): Promise<void> {
  const { scrollWidth, innerWidth } = await tab.evaluate(
    () => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }),
    null,
  );
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(innerWidth);
}

/**
 * Scrolls through the whole page once, so lazy images load and in-view effects run, then back to
 * the top and waits for every image; a screenshot then shows the page as a reader sees it.
 */
export async function scrollThrough(tab: Tab): Promise<void> {
  await tab.evaluate(async () => {
    const pause = () =>
      new Promise((resolve) => {
        requestAnimationFrame(resolve);
        setTimeout(resolve, 100);
      });
    const height = document.scrollingElement!.scrollHeight;
    // A window not laid out yet may report innerHeight 0, which would make this loop endless
    // (a gate's evaluate once hung until the test timed out).
    const step = Math.max(innerHeight, 200);
    for (let y = 0; y < height; y += step) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await pause();
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    for (const img of document.images) {
      if (!img.complete && img.loading === 'lazy') img.loading = 'eager';
    }
  }, null);
  await until(
    tab,
    () => [...document.images].filter((img) => !img.complete).length,
    null,
    0,
    'images still loading',
  );
}
