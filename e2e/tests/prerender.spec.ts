import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '../fixtures/test';
import { serverBinary } from '../fixtures/paths';
import type { LandingServer } from '../fixtures/landing-server';
import { FUNNEL_TAKEN, serverCounter } from '../support/beacons';
import {
  activationStart,
  clickThrough,
  hoverUntilPrepared,
  untilIntroSeen,
  untilNoted,
} from '../support/prerendering';
import { TabTarget } from '../support/tab-target.mjs';
import messages from '../../web/src/i18n/locales/en.json' with { type: 'json' };

// Issue 49: pages ready before the click. The site's speculation rules prerender a docs page
// when the visitor reaches for its link, and the landing page once the tab has had its intro;
// what counts the visit waits until a page is shown. Driven over the DevTools protocol through
// the tab target (support/tab-target.ts), so Chromium prerenders as it does for a visitor, which
// a Chromium driven by Playwright never does. Firefox and WebKit have no prerender: their docs
// journeys (engines.spec.ts) open the same pages by plain navigation.

// Each journey starts a browser of its own and waits out a first landing's intro: in the gate's
// load one took over the suites' 60 s.
test.describe.configure({ timeout: 120_000 });

const STEPS = ['arrived', 'cases', 'docs', 'form'] as const;
type Steps = Record<(typeof STEPS)[number], number>;

function funnelSteps(site: LandingServer, source: string): Steps | undefined {
  const report = JSON.parse(
    execFileSync(
      serverBinary,
      ['--db', path.join(site.dir, 'leads.db'), 'leads', 'report', '--json'],
      { encoding: 'utf8' },
    ),
  ) as { funnel: { sources: { source: string; steps: Steps }[] } };
  return report.funnel.sources.find((row) => row.source === source)?.steps;
}

/** Leaves for another address of the site (support/beacons.ts `leave` says why not blank). */
async function leave(tab: TabTarget, site: LandingServer, beaconsBefore: number) {
  await tab.goto(`${site.url}/robots.txt`);
  await expect
    .poll(() => serverCounter(site.url, FUNNEL_TAKEN), { message: 'the funnel beacon arrived' })
    .toBeGreaterThan(beaconsBefore);
}

const CASE_LINK = '#cases a.case-card__more[href^="/en/docs/cases/"]';

test("a case's Learn more is prerendered on hover, and counted once it is opened", async ({
  own: { site },
}) => {
  const tab = await TabTarget.launch();
  try {
    const source = 'prerender-opened';
    await tab.goto(`${site.url}/en?utm_source=${source}`);
    await untilIntroSeen(tab);
    const href = await tab.evaluate<string>(
      `document.querySelector(${JSON.stringify(CASE_LINK)}).getAttribute('href')`,
    );
    await hoverUntilPrepared(tab, CASE_LINK, site.url);
    const beacons = await serverCounter(site.url, FUNNEL_TAKEN);
    await clickThrough(tab, href);
    expect(await activationStart(tab), 'shown from its prerender').toBeGreaterThan(0);
    await untilNoted(tab, 'docs');
    await leave(tab, site, beacons);
    // The docs page shown from its prerender counts its own step only: the landing page sent
    // the arrival as it was left.
    await expect.poll(() => funnelSteps(site, source)).toMatchObject({ arrived: 1, docs: 1 });
  } finally {
    await tab.close();
  }
});

test('a docs page prerendered on hover and never opened counts nothing', async ({
  own: { site },
}) => {
  const tab = await TabTarget.launch();
  try {
    const source = 'prerender-hovered';
    await tab.goto(`${site.url}/en?utm_source=${source}`);
    await untilIntroSeen(tab);
    await hoverUntilPrepared(tab, CASE_LINK, site.url);
    await tab.hover('header');
    const beacons = await serverCounter(site.url, FUNNEL_TAKEN);
    await leave(tab, site, beacons);
    await expect.poll(() => funnelSteps(site, source)?.arrived).toBe(1);
    expect(funnelSteps(site, source)?.docs ?? 0, 'no docs step for a page never shown').toBe(0);
  } finally {
    await tab.close();
  }
});

test("the docs page's call to action shows the landing prerendered: no intro, the form in view, begun", async ({
  own: { site },
}) => {
  const tab = await TabTarget.launch();
  try {
    await tab.goto(`${site.url}/en`);
    await untilIntroSeen(tab);
    const item = messages.cases.items[0]!;
    await tab.goto(`${site.url}/en/docs/cases/${item.id}`);
    // The tab has had its intro: the docs page lets the rules prerender the landing.
    expect(
      await tab.evaluate<boolean>(`document.documentElement.classList.contains('intro-seen')`),
    ).toBe(true);
    await hoverUntilPrepared(tab, '.docs-cta__button', site.url);
    await clickThrough(tab, '/en');
    expect(await activationStart(tab), 'shown from its prerender').toBeGreaterThan(0);
    const shown = await tab.evaluate<object>(`(() => {
      const intro = document.querySelector('[data-testid="preloader"]');
      const contact = document.getElementById('contact').getBoundingClientRect();
      return {
        intro: !!intro?.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
        locked: document.documentElement.classList.contains('preloading'),
        contactOnScreen: contact.top < innerHeight && contact.bottom > 0,
      };
    })()`);
    expect(shown).toEqual({ intro: false, locked: false, contactOnScreen: true });
    const begun = `About: ${item.name} — `;
    await tab.until(
      () =>
        tab.evaluate<boolean>(
          `!!document.querySelector('#contact textarea[name="message"]')?.value.startsWith(${JSON.stringify(begun)})`,
        ),
      'the form starts with the topic',
    );
  } finally {
    await tab.close();
  }
});
