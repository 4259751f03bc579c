import { expect, test } from '../fixtures/test';
import { leadsReport } from '../support/leads-report';
import { watchPage } from '../engines/problems';
import { DOCS_COPY } from '../../web/src/docs/pages/copy';
import { contactForm, watchLeadPosts } from '../support/form';
import { openLanding } from '../support/landing';
import { outboxDrained, uniqueLead } from '../support/lead';
import { LOCALES, messages, t } from '../support/locales';

// Issue 35: every "Learn more" leads somewhere. The built site, served by landing-server, is
// crawled from both landing pages; a visitor reads the docs, shares a page, and writes from one.

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

test("ru: a case's Learn more opens its page; the sidebar, the outline and share work", async ({
  page,
  context,
  site,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openLanding(page, site.url, 'ru');
  const item = messages.ru.cases.items[0]!;
  await page
    .locator('#cases')
    .getByRole('link', { name: t('ru', 'cases.learnMoreLabel').replace('{{name}}', item.name) })
    .click();
  await expect(page).toHaveURL(`${site.url}/ru/docs/cases/${item.id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(item.name);

  // The sidebar leads to another case, marked as the current page.
  const last = messages.ru.cases.items.at(-1)!;
  const sidebar = page.locator('.docs-sidebar');
  await sidebar.getByRole('link', { name: last.name }).click();
  await expect(page).toHaveURL(`${site.url}/ru/docs/cases/${last.id}`);
  await expect(sidebar.getByRole('link', { name: last.name })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // The outline scrolls to a heading and names it in the address.
  const outline = page.getByRole('navigation', { name: DOCS_COPY.ru.onThisPage }).last();
  const lastHeading = outline.getByRole('link').last();
  const anchor = (await lastHeading.getAttribute('href'))!;
  await lastHeading.click();
  await expect(page).toHaveURL(`${site.url}/ru/docs/cases/${last.id}${anchor}`);
  await expect(page.locator(anchor)).toBeInViewport();

  // Share copies the page's address (no share sheet in this browser) and counts the share.
  await page.getByRole('button', { name: DOCS_COPY.ru.share }).click();
  await expect(page.locator('[data-share]').getByRole('status')).toHaveText(DOCS_COPY.ru.copied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${site.url}/ru/docs/cases/${last.id}`,
  );
  const store = await page.evaluate(() => JSON.parse(localStorage.getItem('vuex') ?? 'null'));
  expect(store.state).toMatchObject({
    numberOfShares: 1,
    currentSectionId: 0,
    currentPartId: messages.ru.cases.items.length - 1,
  });
});

test("en: a visitor who arrives on a docs page writes from its call to action; the lead's landing page is the docs page", async ({
  page,
  own: { site, telegram },
}) => {
  const posts = watchLeadPosts(page);
  const arrival = '/en/docs/services/web3?utm_source=x&utm_medium=post';
  expect((await page.goto(`${site.url}${arrival}`))?.status()).toBe(200);
  await page.getByRole('link', { name: DOCS_COPY.en.ctaButton }).click();
  await expect(page).toHaveURL(`${site.url}/en?about=Web3#contact`);
  const form = contactForm(page, 'en');
  await expect(form.field('message')).toHaveValue('About: Web3 — ');

  const lead = uniqueLead('en');
  await form.fill({ ...lead, message: `About: Web3 — ${lead.message}` });
  await form.submit.click();
  await expect(form.popup).toBeVisible();
  const mine = () => telegram.messages.filter((message) => message.text.includes(lead.tag));
  await expect.poll(() => mine().length, { timeout: 15_000 }).toBe(1);
  await expect.poll(() => outboxDrained(site.url)).toBe(true);
  expect(mine()[0]!.text).toContain('About: Web3 — ');
  const post = JSON.parse(posts[0]!) as { source: Record<string, unknown> };
  expect(post.source).toMatchObject({
    utm_source: 'x',
    utm_medium: 'post',
    landing: '/en/docs/services/web3',
  });
  // The operator's report names the docs page as the one that brought the lead.
  expect(leadsReport(site).landings).toEqual([{ landing: '/en/docs/services/web3', leads: 1 }]);
});

test('ru: search finds a case by a Russian word in another form, and leads to it', async ({
  page,
  site,
}) => {
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
  expect((await page.goto(`${site.url}/ru/docs/`))?.status()).toBe(200);
  // Nothing of the index is fetched with the page.
  expect(loaded.filter((path) => path.startsWith('/pagefind/'))).toEqual([]);
  const field = page.getByRole('searchbox', { name: DOCS_COPY.ru.searchLabel });
  await field.click();
  // The article says «неявки» and «неявкой»; the stemmer finds it by «неявками».
  await field.fill('неявками');
  const slotly = messages.ru.cases.items.find((item) => item.id === 'slotly')!;
  const result = page.locator('.docs-search__results a[href="/ru/docs/cases/slotly"]');
  await expect(result).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Найдено страниц: \d+/ })).toBeAttached();
  await expect(result).toContainText(slotly.name);
  await result.click();
  await expect(page).toHaveURL(`${site.url}/ru/docs/cases/slotly`);
});
