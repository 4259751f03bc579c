import { expect, type Page } from '@playwright/test';

// A page sends its beacons as it is hidden, mostly as it unloads, and Playwright shows no request
// a page sends then: what the server took is read from its /metrics. Its intake runs at the
// lowest priority and its recorder writes in batches, so on a busy machine a beacon takes what it
// takes; these waits end when the server has it, and the test's own timeout is their deadline.

/** The vitals beacons the server's intake has taken. */
export const VITALS_TAKEN = 'landing_vitals_beacons_total{outcome="accepted"}';
/** The funnel beacons the server's intake has taken. */
export const FUNNEL_TAKEN = 'landing_funnel_beacons_total';

/** One series of the server's /metrics (its name with its labels, as the page prints it). */
export async function serverCounter(origin: string, series: string): Promise<number> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return Number(line?.slice(series.length + 1) ?? NaN);
}

/**
 * Leaves the page as a visitor does, for another address: the page is hidden and unloaded, which
 * is when it sends its beacons. Another address of the same site (its robots.txt, which sends
 * nothing of its own), not about:blank: a page left for another site unloads in a process of its
 * own that Chromium gives a moment only, and under its CPU throttling (3x and more) such a page
 * sent no beacon at all, while one left for its own site sent every one.
 */
export async function leave(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/robots.txt`);
}

/** Waits until the series has reached `count`: the server has taken those beacons. */
export async function untilServerTook(origin: string, series: string, count: number) {
  await expect
    .poll(() => serverCounter(origin, series), {
      message: `${series} reaches ${count}`,
      timeout: 0,
    })
    .toBeGreaterThanOrEqual(count);
}

/**
 * Polls `read` until it gives `expected`: what the server's recorder has written (a report of
 * the database), which comes a batch after the intake took the beacon.
 */
export async function untilRecorded<T>(read: () => T, expected: T, message: string) {
  await expect.poll(read, { message, timeout: 0 }).toEqual(expected);
}

/**
 * Marks the page measuring once web-vitals observes its largest contentful paint (the measuring
 * chunk loads once the page is idle after load): from then on the page sends its vitals beacon
 * when it is hidden. Its chunk's response alone is not enough, as the chunk runs a task or more
 * later, and a page left in between sends nothing.
 */
export async function watchMeasuring(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const observe = PerformanceObserver.prototype.observe;
    PerformanceObserver.prototype.observe = function (options?: PerformanceObserverInit) {
      if (options?.type === 'largest-contentful-paint') {
        (window as unknown as { measuring?: boolean }).measuring = true;
      }
      observe.call(this, options);
    };
  });
}

/** Waits until the page measures (watchMeasuring). */
export async function measuring(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { measuring?: boolean }).measuring, null, {
    timeout: 0,
  });
}
