import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import leadSource from '../../contract/lead-source.json' with { type: 'json' };
import { expect, test } from '../fixtures/test';
import { serverBinary } from '../fixtures/paths';
import type { FakeTelegram } from '../fixtures/fake-telegram';
import type { LandingServer } from '../fixtures/landing-server';
import { chooseLanguage, expectLanguage } from '../journeys/language';
import {
  VITALS_TAKEN,
  leave,
  measuring,
  untilRecorded,
  untilServerTook,
  watchMeasuring,
} from '../support/beacons';
import { contactForm, watchLeadPosts } from '../support/form';
import { tabOf, waitForHydration } from '../support/landing';
import { outboxDrained, uniqueLead } from '../support/lead';

// Issue 25, where leads come from: a visitor arrives from a Telegram post, reads on in Russian
// and writes. The lead's Telegram message names the post's tags, and the operator's report counts
// the visit and the lead under the same source. Under Global Privacy Control nothing of it is
// kept, and the lead still goes.

const AD = '/en?utm_source=telegram&utm_medium=post&utm_campaign=launch';
const SOURCE_LINE = 'Источник: telegram / post / launch';

interface SourceRow {
  source: string;
  visits: number;
  leads: number;
}

/** `landing-server leads report --json` on the test's database, as an operator would run it. */
function sources(site: LandingServer): SourceRow[] {
  const out = execFileSync(
    serverBinary,
    ['--db', path.join(site.dir, 'leads.db'), 'leads', 'report', '--json'],
    { encoding: 'utf8' },
  );
  return (JSON.parse(out) as { sources: SourceRow[] }).sources;
}

/** Lands on the ad's link, switches to Russian with the header's link, and sends a lead. */
async function arriveSwitchAndWrite(page: Page, site: LandingServer, telegram: FakeTelegram) {
  const tab = tabOf(page);
  const posts = watchLeadPosts(page);
  expect((await page.goto(`${site.url}${AD}`))?.status()).toBe(200);
  await waitForHydration(page);
  expect(await page.context().cookies(), 'no cookie on arrival').toEqual([]);
  await chooseLanguage(tab, 'en', 'ru');
  await expectLanguage(tab, site.url, 'ru');

  const lead = uniqueLead('ru');
  const form = contactForm(page, 'ru');
  await form.fill(lead);
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/contact'),
    form.submit.click(),
  ]);
  expect(response.status()).toBe(202);
  await expect(form.popup).toBeVisible();

  const mine = () => telegram.messages.filter((message) => message.text.includes(lead.tag));
  await expect.poll(() => mine().length, { timeout: 15_000 }).toBe(1);
  await expect.poll(() => outboxDrained(site.url)).toBe(true);
  expect(mine(), 'exactly one message').toHaveLength(1);
  expect(posts, 'one lead sent').toHaveLength(1);
  return { text: mine()[0]!.text, post: JSON.parse(posts[0]!) as Record<string, unknown> };
}

test('a visit from a Telegram post: the lead names its source and the report counts it', async ({
  page,
  own: { site, telegram },
}) => {
  // The visit is counted by the page's vitals beacon, which goes once the page measures.
  await watchMeasuring(page);
  const { text, post } = await arriveSwitchAndWrite(page, site, telegram);
  // The first touch is the ad's page, though the lead was written on /ru.
  expect(post.source).toMatchObject({
    utm_source: 'telegram',
    utm_medium: 'post',
    utm_campaign: 'launch',
    landing: '/en',
    locale: 'en',
  });
  expect(text.split('\n'), text).toContain(SOURCE_LINE);

  // Leaving hides the page: that is when its one beacon goes, with the arrival's source.
  await measuring(page);
  await leave(page, site.url);
  await untilServerTook(site.url, VITALS_TAKEN, 1);
  const telegramRow = () => sources(site).find((row) => row.source === 'telegram');
  await untilRecorded(() => telegramRow()?.visits ?? 0, 1, 'the visit is counted');
  expect(telegramRow()?.leads, JSON.stringify(sources(site))).toBe(1);

  // The source is kept in sessionStorage only. The one cookie is the language the visitor chose:
  // the switch saves it so that the server can send / to it (web/src/i18n/persist.ts).
  const cookies = await page.context().cookies();
  expect(cookies.map(({ name, value }) => `${name}=${value}`)).toEqual(['user-locale=ru']);
});

test.describe('under Global Privacy Control', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', {
        get: () => true,
        configurable: true,
      }),
    );
  });

  test('the lead still goes, with no source, and nothing is kept in the tab', async ({
    page,
    own: { site, telegram },
  }) => {
    const { text, post } = await arriveSwitchAndWrite(page, site, telegram);
    expect(post).not.toHaveProperty('source');
    expect(text, text).not.toContain('Источник:');
    expect(
      sources(site).map((row) => row.source),
      'the lead is not put down to the post',
    ).not.toContain('telegram');
    const keys = await page.evaluate(() => Object.keys(sessionStorage));
    expect(keys).not.toContain(leadSource.storageKey);
  });
});
