import { expect } from '@playwright/test';
import { PRELOADER_FADE_MS, PRELOADER_REMOVE_MS } from '../../web/src/lib/constants';
import type { Tab } from '../engines/tab';
import { until } from '../support/wait';

// Never early. Late only as late as a timer of the test's own, set at load for the same moment,
// fires on this machine, plus a render: a busy machine runs every timer late, the page's and
// this one alike, so no cap in wall-clock time is needed (the Chromium-only preloader spec
// checks the timeline frame by frame against the page's own timers).
const EARLY_MS = 100;
const RENDER_MS = 1000;

interface Shown {
  present: boolean;
  coversWindow: boolean;
  opaque: boolean;
  scrollLocked: boolean;
  at: number;
}

interface Watch {
  shown: Shown | null;
  goneAt: number | null;
  timerAt: number | null;
}

/**
 * At the page's load event (or now, if it has passed): how the preloader looks; then when it
 * leaves, seen as it happens however late the test's own calls come, and when a timer set now
 * for the same moment really fires. Sent to the page as source: it closes over nothing.
 */
function watchPreloader(removeAt: number): void {
  const watch: Watch = { shown: null, goneAt: null, timerAt: null };
  (window as unknown as { preloaderWatch: Watch }).preloaderWatch = watch;
  const look = () => {
    const element = document.querySelector<HTMLElement>('[data-testid="preloader"]');
    const box = element?.getBoundingClientRect();
    watch.shown = {
      present: !!element,
      coversWindow: !!box && box.width >= innerWidth && box.height >= innerHeight,
      opaque: !!element && getComputedStyle(element).opacity === '1',
      scrollLocked: getComputedStyle(document.documentElement).overflowY === 'hidden',
      at: performance.now(),
    };
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
  };
  if (document.readyState === 'complete') look();
  else addEventListener('load', look, { once: true });
}

/**
 * Opens the landing page. At its load event the preloader covers the window and the page does
 * not scroll under the wheel; it is gone by 4.2 s after navigation started, and then the page
 * scrolls again. The load is seen from the page itself where the driver can run a script before
 * the page's (a busy machine once brought the first call after the load 4.09 s in, past the
 * fade); in WebKit, as soon as the first call arrives.
 */
export async function preloaderShowsLocksAndLeaves(tab: Tab, url: string): Promise<void> {
  const atLoad = await tab.onEachDocument(watchPreloader, PRELOADER_REMOVE_MS);
  await tab.goto(url);
  if (!atLoad) await tab.evaluate(watchPreloader, PRELOADER_REMOVE_MS);
  // A driver may answer goto before the load event (WebKitWebDriver once did): the look is
  // read once it has been taken, at that event.
  await until(
    tab,
    () => (window as unknown as { preloaderWatch: Watch }).preloaderWatch.shown !== null,
    null,
    true,
    'the page was seen at its load event',
  );
  const shown = await tab.evaluate(
    () => (window as unknown as { preloaderWatch: Watch }).preloaderWatch.shown,
    null,
  );
  expect(shown, 'the page was seen at its load event').not.toBeNull();
  expect(shown!.at, 'loaded before the preloader fades').toBeLessThan(PRELOADER_FADE_MS);
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
