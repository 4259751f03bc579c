import { expect } from '@playwright/test';
import { PRELOADER_FADE_MS, PRELOADER_REMOVE_MS } from '../../web/src/lib/constants';
import type { Tab } from '../engines/tab';

// Never early; late only by what a busy two-core machine adds (the Chromium-only preloader spec
// checks the timeline frame by frame against the page's own timers).
const EARLY_MS = 100;
const MAX_LATE_MS = 1500;

/**
 * Right after the load event: the preloader covers the window and the page does not scroll under
 * the wheel; it is gone by 4.2 s after navigation started, and then the page scrolls again.
 */
export async function preloaderShowsLocksAndLeaves(tab: Tab): Promise<void> {
  const shown = await tab.evaluate(() => {
    const element = document.querySelector<HTMLElement>('[data-testid="preloader"]');
    const box = element?.getBoundingClientRect();
    return {
      present: !!element,
      coversWindow: !!box && box.width >= innerWidth && box.height >= innerHeight,
      opaque: !!element && getComputedStyle(element).opacity === '1',
      scrollLocked: getComputedStyle(document.documentElement).overflowY === 'hidden',
      at: performance.now(),
    };
  }, null);
  expect(shown.at, 'loaded before the preloader fades').toBeLessThan(PRELOADER_FADE_MS);
  expect(shown).toMatchObject({
    present: true,
    coversWindow: true,
    opaque: true,
    scrollLocked: true,
  });

  await tab.wheel(600);
  const afterWheel = await tab.evaluate(
    () => ({
      scrollY: window.scrollY,
      stillThere: !!document.querySelector('[data-testid="preloader"]'),
    }),
    null,
  );
  if (afterWheel.stillThere) expect(afterWheel.scrollY, 'the wheel moved the page').toBe(0);

  // The moment it leaves, on the page's clock (0 is the start of navigation), and whether the page
  // scrolls in that same task: the lock goes with the preloader, not some time after it.
  const gone = await tab.evaluate(
    () =>
      new Promise<{ at: number; overflowY: string; state: string }>((resolve) => {
        const check = () => {
          if (document.querySelector('[data-testid="preloader"]')) {
            setTimeout(check, 10);
            return;
          }
          const root = document.documentElement;
          const menu = document.querySelector('.header__sidebar')?.getAttribute('data-open');
          resolve({
            at: performance.now(),
            overflowY: getComputedStyle(root).overflowY,
            state: `<html class="${root.className}">, menu open: ${menu ?? 'none'}`,
          });
        };
        check();
      }),
    null,
  );
  expect(gone.at, 'gone, not before 4.2 s').toBeGreaterThanOrEqual(PRELOADER_REMOVE_MS - EARLY_MS);
  expect(gone.at, 'gone by 4.2 s').toBeLessThanOrEqual(PRELOADER_REMOVE_MS + MAX_LATE_MS);
  expect(gone.overflowY, `scrolling unlocked as it leaves (${gone.state})`).not.toBe('hidden');
}
