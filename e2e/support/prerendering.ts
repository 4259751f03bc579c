import { expect } from '@playwright/test';
import { serverCounter } from './beacons';
import type { TabTarget } from './tab-target.mjs';
import funnelContract from '../../contract/funnel-beacon.json' with { type: 'json' };

/** Site requests the server answered for a browser ahead of its visitor (Sec-Purpose). */
export const AHEAD = 'landing_site_requests_ahead_total';

/**
 * Hovers the link `selector` names as a visitor about to click it, until the server has answered
 * the page asked for ahead of the visitor ("moderate" eagerness starts after 200 ms of hover).
 */
export async function hoverUntilPrepared(tab: TabTarget, selector: string, origin: string) {
  const before = await serverCounter(origin, AHEAD);
  await tab.hover(selector);
  await expect
    .poll(() => serverCounter(origin, AHEAD), { message: 'the server answered a request ahead' })
    .toBeGreaterThan(before);
  // The prerendered page loads what it needs: a click at once would find it half-done.
  await new Promise((resolve) => setTimeout(resolve, 500));
}

/** Clicks where the mouse is and waits until the page at `pathname` is shown and loaded. */
export async function clickThrough(tab: TabTarget, pathname: string): Promise<void> {
  await tab.click();
  await tab.until(
    async () =>
      (await tab.evaluate<boolean>(
        `location.pathname === ${JSON.stringify(pathname)} && document.readyState === 'complete'`,
      )) === true,
    `${pathname} shown`,
  );
}

/** The shown page's activationStart: above 0 only for a page prerendered before it was shown. */
export function activationStart(tab: TabTarget): Promise<number> {
  return tab.evaluate<number>(`performance.getEntriesByType('navigation')[0].activationStart`);
}

/** Waits until the landing page's intro has gone and the tab has had it (lib/introOnce.ts). */
export function untilIntroSeen(tab: TabTarget): Promise<void> {
  return tab.until(
    () =>
      tab.evaluate<boolean>(
        `!document.documentElement.classList.contains('preloading') &&
         document.documentElement.classList.contains('intro-seen')`,
      ),
    'the intro has gone',
  );
}

/**
 * Waits until the shown page has noted the funnel's `step` for the tab session: a docs page shown
 * from its prerender notes it after its first frame (web/src/docs/client/main.ts), and a visitor
 * gone before that frame saw nothing to count.
 */
export function untilNoted(tab: TabTarget, step: string): Promise<void> {
  return tab.until(
    () =>
      tab.evaluate<boolean>(
        `(JSON.parse(sessionStorage.getItem(${JSON.stringify(funnelContract.storageKey)}) ?? 'null')?.reached ?? []).includes(${JSON.stringify(step)})`,
      ),
    `the page noted ${step}`,
  );
}
