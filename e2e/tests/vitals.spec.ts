import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '../fixtures/test';
import { serverBinary } from '../fixtures/paths';
import {
  VITALS_TAKEN,
  leave,
  measuring,
  serverCounter,
  untilRecorded,
  untilServerTook,
  watchMeasuring,
} from '../support/beacons';

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

test('a visit to /en and to /ru is measured first-party, cookie-free, and reaches the report', async ({
  page,
  own: { site },
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await watchMeasuring(page);
  const database = path.join(site.dir, 'leads.db');
  const before = { en: report(database, 'en'), ru: report(database, 'ru') };
  const taken = await serverCounter(site.url, VITALS_TAKEN);

  for (const [visit, locale] of (['en', 'ru'] as const).entries()) {
    await page.goto(`${site.url}/${locale}`);
    await measuring(page);
    await page.mouse.wheel(0, 1200);
    await page.getByRole('heading', { level: 1 }).click();
    // Leaving hides the page: that is when the one beacon goes, with the final CLS and INP.
    await leave(page, site.url);
    await untilServerTook(site.url, VITALS_TAKEN, taken + visit + 1);
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

  // The recorder writes what the intake took in batches.
  for (const locale of ['en', 'ru'] as const) {
    await untilRecorded(
      () => report(database, locale).metrics.LCP.count,
      before[locale].metrics.LCP.count + 1,
      `the ${locale} page view is in the report`,
    );
    const after = report(database, locale);
    for (const metric of ['LCP', 'CLS', 'FCP', 'TTFB'] as const) {
      expect(after.metrics[metric].count, `${locale} ${metric}`).toBe(
        before[locale].metrics[metric].count + 1,
      );
      expect(after.metrics[metric].p75, `${locale} ${metric}`).not.toBeNull();
    }
    expect(after.top_lcp_elements.length, `${locale} LCP element`).toBeGreaterThan(0);
  }
  // Both are written, and the server took nothing more: one beacon per page view.
  expect(await serverCounter(site.url, VITALS_TAKEN), 'one beacon per page view').toBe(taken + 2);
});
