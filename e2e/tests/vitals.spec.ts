import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '../fixtures/test';
import { serverBinary } from '../fixtures/paths';

interface MetricFigures {
  count: number;
  p75: number | null;
}
interface Report {
  metrics: Record<'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB', MetricFigures>;
  top_lcp_elements: { selector: string; count: number }[];
}

/** `landing-server vitals report --json` on the worker's database, as an operator would run it. */
function report(database: string, locale: string): Report {
  const out = execFileSync(
    serverBinary,
    ['--db', database, 'vitals', 'report', '--json', '--locale', locale, '--route', '/:locale'],
    { encoding: 'utf8' },
  );
  return JSON.parse(out) as Report;
}

/** Beacons the server took, from its /metrics. */
async function acceptedBeacons(origin: string): Promise<number> {
  const page = await (await fetch(`${origin}/metrics`)).text();
  const line = page
    .split('\n')
    .find((l) => l.startsWith('landing_vitals_beacons_total{outcome="accepted"}'));
  return Number(line?.split(' ')[1] ?? NaN);
}

test('a visit to /en and to /ru is measured first-party, cookie-free, and reaches the report', async ({
  page,
  own: { site },
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const database = path.join(site.dir, 'leads.db');
  const before = { en: report(database, 'en'), ru: report(database, 'ru') };

  for (const locale of ['en', 'ru'] as const) {
    // The measuring chunk loads once the page is idle after load; only then does it observe.
    const measuring = page.waitForResponse((r) => /\/assets\/measure-[^/]+\.js$/.test(r.url()));
    await page.goto(`${site.url}/${locale}`);
    await measuring;
    await page.mouse.wheel(0, 1200);
    await page.getByRole('heading', { level: 1 }).click();
    // Leaving hides the page: that is when the one beacon goes, with the final CLS and INP.
    // Playwright does not surface a beacon sent while the page unloads, so the server's own
    // counters show it arrived, once.
    const accepted = await acceptedBeacons(site.url);
    await page.goto('about:blank');
    await expect.poll(() => acceptedBeacons(site.url), { timeout: 10_000 }).toBe(accepted + 1);
    await page.waitForTimeout(500);
    expect(await acceptedBeacons(site.url), 'one beacon per page view').toBe(accepted + 1);
  }

  // No third party: every request went to this server.
  const hosts = new Set(
    requests
      .map((url) => new URL(url))
      .filter((u) => u.protocol.startsWith('http'))
      .map((u) => u.host),
  );
  expect([...hosts]).toEqual([new URL(site.url).host]);
  expect(await page.context().cookies()).toEqual([]);

  // The server writes beacons in batches, within a second or so.
  for (const locale of ['en', 'ru'] as const) {
    await expect
      .poll(() => report(database, locale).metrics.LCP.count, { timeout: 10_000 })
      .toBe(before[locale].metrics.LCP.count + 1);
    const after = report(database, locale);
    for (const metric of ['LCP', 'CLS', 'FCP', 'TTFB'] as const) {
      expect(after.metrics[metric].count, `${locale} ${metric}`).toBe(
        before[locale].metrics[metric].count + 1,
      );
      expect(after.metrics[metric].p75, `${locale} ${metric}`).not.toBeNull();
    }
    expect(after.top_lcp_elements.length, `${locale} LCP element`).toBeGreaterThan(0);
  }
});
