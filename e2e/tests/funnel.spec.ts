import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '../fixtures/test';
import { serverBinary } from '../fixtures/paths';
import type { LandingServer } from '../fixtures/landing-server';
import funnelBeacon from '../../contract/funnel-beacon.json' with { type: 'json' };
import { FUNNEL_TAKEN, leave, untilRecorded, untilServerTook } from '../support/beacons';
import { contactForm } from '../support/form';
import { waitForHydration } from '../support/landing';
import { uniqueLead } from '../support/lead';

// Issue 38, the funnel from visit to signed deal: a visitor comes from an ad, sees the cases, reads
// a case's docs page, comes back to the form, starts it and sends it; in the chat a manager takes
// the lead and closes it. The operator's report counts each step once for that source, and the
// digest preview names it.

const SOURCE = 'funnel-e2e';
const STEPS = ['arrived', 'cases', 'docs', 'form', 'sent', 'taken', 'done'] as const;

interface FunnelRow {
  source: string;
  steps: Record<(typeof STEPS)[number], number>;
}

function cli(site: LandingServer, ...args: string[]): string {
  return execFileSync(serverBinary, ['--db', path.join(site.dir, 'leads.db'), ...args], {
    encoding: 'utf8',
  });
}

function funnelRow(site: LandingServer, source = SOURCE): FunnelRow | undefined {
  const report = JSON.parse(cli(site, 'leads', 'report', '--json')) as {
    funnel: { sources: FunnelRow[] };
  };
  return report.funnel.sources.find((row) => row.source === source);
}

test('each step from an ad to a closed deal counts once for its source, and the digest names it', async ({
  page,
  own: { site, telegram },
}) => {
  // Arrives from the ad and scrolls to the cases.
  await page.goto(`${site.url}/en?utm_source=${SOURCE}&utm_medium=cpc`);
  await waitForHydration(page);
  await page.locator('#cases').scrollIntoViewIfNeeded();
  await page
    .locator('#cases')
    .getByRole('link', { name: /learn more/i })
    .first()
    .click();

  // A case's docs page; its call to action brings the visitor back to the form.
  await expect(page).toHaveURL(/\/en\/docs\/cases\//);
  await page.locator('main a[href*="#contact"]').first().click();
  await expect(page).toHaveURL(/\/en\?about=|\/en#contact|\/en\?.*#contact/);
  await waitForHydration(page);

  const lead = uniqueLead('en');
  const form = contactForm(page, 'en');
  await form.fill(lead);
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/contact'),
    form.submit.click(),
  ]);
  expect(response.status()).toBe(202);
  // Leaving the page sends the steps not sent yet (each page sent its own as it was left).
  await leave(page, site.url);

  // The chat: «Беру», then «Готово».
  await expect
    .poll(() => telegram.messages.filter((m) => m.text.includes(lead.tag)).length, {
      timeout: 15_000,
    })
    .toBe(1);
  const message = telegram.messages.find((m) => m.text.includes(lead.tag))!;
  const id = /\nЗаявка (\S+)$/.exec(message.text)![1];
  telegram.click(message, `take:${id}`);
  await expect.poll(() => telegram.edits.length, { timeout: 15_000 }).toBe(1);
  telegram.click(message, `done:${id}`);
  await expect.poll(() => telegram.edits.length, { timeout: 15_000 }).toBe(2);

  // Each step once for the ad's source, once the recorder has written the beacons.
  await untilRecorded(
    () => funnelRow(site)?.steps,
    { arrived: 1, cases: 1, docs: 1, form: 1, sent: 1, taken: 1, done: 1 },
    'the funnel of the visit',
  );

  // Tomorrow's daily digest covers today (UTC days): it names the source and its lead.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const image = path.join(site.dir, 'digest.png');
  const digest = cli(
    site,
    'digest',
    'preview',
    '--period',
    'daily',
    '--at',
    tomorrow,
    '--image',
    image,
  );
  expect(digest).toContain(`• ${SOURCE} — 1 (было 0, +1)`);
  expect(digest).toContain('отправили 1');
  expect(digest).toContain('взяли 1, спам 0, закрыли 1');
});

test('a visit that leaves before the app has loaded counts its arrival', async ({
  page,
  own: { site },
}) => {
  // A slow phone: the app's script is still on its way when the visitor leaves.
  let arrive: () => void = () => undefined;
  const appHeld = new Promise<void>((resolve) => (arrive = resolve));
  await page.route('**/assets/start-*.js', async (route) => {
    await appHeld;
    await route.continue().catch(() => undefined);
  });
  await page.goto(`${site.url}/en?utm_source=quick-visit`);
  // The page's first script noted the arrival; nothing of the app has run.
  await expect
    .poll(() => page.evaluate((key) => sessionStorage.getItem(key), funnelBeacon.storageKey))
    .toBe(JSON.stringify({ reached: ['arrived'], sent: [] }));
  await leave(page, site.url);
  arrive();

  await untilServerTook(site.url, FUNNEL_TAKEN, 1);
  await untilRecorded(
    () => funnelRow(site, 'quick-visit')?.steps,
    { arrived: 1, cases: 0, docs: 0, form: 0, sent: 0, taken: 0, done: 0 },
    'the arrival of the visit',
  );
});
