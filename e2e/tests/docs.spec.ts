import { expect, test } from '../fixtures/test';
import { watchPage } from '../engines/problems';
import { DOCS_COPY } from '../../web/src/docs/pages/copy';
import { LOCALES, messages } from '../support/locales';

// Issue 35: every "Learn more" leads somewhere. The built site, served by landing-server, is
// crawled from both landing pages. A visitor's journeys through the docs run in every engine
// (engines.spec.ts, journeys/docs.ts).

/** Hosts the content names (the cases' own sites, the studio's and the cases' socials). */
const CONTENT_HOSTS = new Set([
  'x.com',
  't.me',
  'www.instagram.com',
  ...LOCALES.flatMap((locale) =>
    messages[locale].cases.items.map((item) => new URL(item.link).host),
  ),
]);

/** The `href`s of a page's links and the ids on it, from the HTML as the server sends it. */
function readPage(html: string): { links: string[]; ids: Set<string> } {
  const links = [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((match) =>
    match[1]!.replaceAll('&amp;', '&'),
  );
  const ids = new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1]!));
  return { links, ids };
}

test('every page and link of the built site, crawled from /en and /ru, leads somewhere real', async ({
  site,
}) => {
  const origin = new URL(site.url).origin;
  const pages = new Map<string, { status: number; ids: Set<string> }>();
  const problems: string[] = [];
  const linksOf = new Map<string, string[]>();
  const queue = ['/en', '/ru'];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (pages.has(path)) continue;
    const response = await fetch(`${origin}${path}`, { redirect: 'manual' });
    const html = (response.headers.get('content-type') ?? '').startsWith('text/html')
      ? await response.text()
      : '';
    const { links, ids } = readPage(html);
    pages.set(path, { status: response.status, ids });
    linksOf.set(path, links);
    for (const link of links) {
      const url = new URL(link, `${origin}${path}`);
      if (url.protocol === 'mailto:') continue;
      if (url.origin !== origin) {
        if (!CONTENT_HOSTS.has(url.host)) {
          problems.push(`${path} → ${link}: ${url.host} is not a host named in the content`);
        }
        continue;
      }
      if (!pages.has(url.pathname + url.search)) queue.push(url.pathname + url.search);
    }
  }
  // Fragments are checked once every page is read: a link may point at a page read later.
  for (const [path, links] of linksOf) {
    for (const link of links) {
      const url = new URL(link, `${origin}${path}`);
      if (url.origin !== origin) continue;
      const target = pages.get(url.pathname + url.search)!;
      if (target.status !== 200) {
        problems.push(`${path} → ${link}: answered ${target.status}`);
      } else if (url.hash && !target.ids.has(decodeURIComponent(url.hash.slice(1)))) {
        problems.push(`${path} → ${link}: no ${url.hash} on ${url.pathname}`);
      }
    }
  }
  expect(problems).toEqual([]);
  // The crawl reached every docs page of both languages: 17 articles and an index each.
  const docs = [...pages.keys()].filter((path) => /^\/(en|ru)\/docs\//.test(path));
  expect(docs.length).toBeGreaterThanOrEqual(2 * 18);
});

test('an unknown docs path answers 404 with a page in its language that leads to the index', async ({
  context,
  site,
}) => {
  // Not the fixture's page, which takes any 404 for a fault: here the 404 is the answer.
  const page = await context.newPage();
  const watched = watchPage(page);
  for (const locale of LOCALES) {
    const response = await page.goto(`${site.url}/${locale}/docs/cases/nobody`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      DOCS_COPY[locale].notFoundTitle,
    );
    await page.getByRole('link', { name: DOCS_COPY[locale].notFoundIndex }).click();
    await expect(page).toHaveURL(`${site.url}/${locale}/docs/`);
  }
  expect(watched.problems.filter((problem) => !problem.includes('/docs/cases/nobody'))).toEqual([]);
});
