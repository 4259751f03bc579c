import { expect } from '@playwright/test';
import { PRELOADER_FADE_MS, PRELOADER_REMOVE_MS } from '../../web/src/lib/constants';
import type { Tab } from '../engines/tab';

// Never early. Late only as late as a timer of the test's own, set at load for the same moment,
// fires on this machine, plus a render: a busy machine runs every timer late, the page's and
// this one alike, so no cap in wall-clock time is needed (the Chromium-only preloader spec
// checks the timeline frame by frame against the page's own timers).
const EARLY_MS = 100;
const RENDER_MS = 1000;

interface Watch {
  goneAt: number | null;
  timerAt: number | null;
}

/**
 * Right after the load event: the preloader covers the window and the page does not scroll under
 * the wheel; it is gone by 4.2 s after navigation started, and then the page scrolls again.
 */
export async function preloaderShowsLocksAndLeaves(tab: Tab): Promise<void> {
  const shown = await tab.evaluate((removeAt) => {
    const element = document.querySelector<HTMLElement>('[data-testid="preloader"]');
    const box = element?.getBoundingClientRect();
    // When the preloader leaves, seen as it happens (however late the test's own calls come),
    // and when a timer set now for the same moment really fires.
    const watch: Watch = { goneAt: null, timerAt: null };
    (window as unknown as { preloaderWatch: Watch }).preloaderWatch = watch;
    setTimeout(
      () => {
        watch.timerAt = performance.now();
      },
      Math.max(0, removeAt - performance.now()),
    );
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="preloader"]')) return;
      watch.goneAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return {
      present: !!element,
      coversWindow: !!box && box.width >= innerWidth && box.height >= innerHeight,
      opaque: !!element && getComputedStyle(element).opacity === '1',
      scrollLocked: getComputedStyle(document.documentElement).overflowY === 'hidden',
      at: performance.now(),
    };
  }, PRELOADER_REMOVE_MS);
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
      new Promise<{
        at: number;
        timerAt: number;
        overflowY: string;
        state: string;
      }>((resolve) => {
        const watch = (window as unknown as { preloaderWatch: Watch }).preloaderWatch;
        const check = () => {
          if (document.querySelector('[data-testid="preloader"]') || watch.timerAt === null) {
            setTimeout(check, 10);
            return;
          }
          const root = document.documentElement;
          const menu = document.querySelector('.header__sidebar')?.getAttribute('data-open');
          resolve({
            at: watch.goneAt ?? performance.now(),
            timerAt: watch.timerAt,
            overflowY: getComputedStyle(root).overflowY,
            state: `<html class="${root.className}">, menu open: ${menu ?? 'none'}`,
          });
        };
        check();
      }),
    null,
  );
  expect(gone.at, 'gone, not before 4.2 s').toBeGreaterThanOrEqual(PRELOADER_REMOVE_MS - EARLY_MS);
  expect(gone.at, 'gone by 4.2 s, as late as this machine runs timers').toBeLessThanOrEqual(
    Math.max(gone.timerAt, PRELOADER_REMOVE_MS) + RENDER_MS,
  );
  expect(gone.overflowY, `scrolling unlocked as it leaves (${gone.state})`).not.toBe('hidden');
}
