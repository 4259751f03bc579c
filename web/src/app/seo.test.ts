// @vitest-environment jsdom
import { SOCIAL_LINKS } from '../lib/constants';
import {
  buildDocsHead,
  buildHead,
  buildLegalHead,
  buildRobots,
  buildSitemap,
  ogImagePath,
} from './seo';
import { docsPath, type DocPage } from '../docs/model';
import { SITE_ORIGIN, siteUrl } from './site';
import { en, ru } from '../test/messages';

function parseHead(html: string): Document {
  return new DOMParser().parseFromString(`<head>${html}</head>`, 'text/html');
}

describe.each([
  ['en', en],
  ['ru', ru],
] as const)('home page head (%s)', (locale, messages) => {
  const head = parseHead(buildHead('home', locale, messages));
  const meta = (selector: string) => head.querySelector(selector)?.getAttribute('content');

  test('has the localized title and description', () => {
    expect(head.title).toBe(messages.meta.title);
    expect(meta('meta[name="description"]')).toBe(messages.meta.description);
  });

  test('points canonical to itself and lists every language plus x-default', () => {
    expect(head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${SITE_ORIGIN}/${locale}`,
    );
    const alternates = Object.fromEntries(
      [...head.querySelectorAll('link[rel="alternate"]')].map((link) => [
        link.getAttribute('hreflang'),
        link.getAttribute('href'),
      ]),
    );
    expect(alternates).toEqual({
      en: `${SITE_ORIGIN}/en`,
      ru: `${SITE_ORIGIN}/ru`,
      'x-default': `${SITE_ORIGIN}/`,
    });
  });

  test('has Open Graph and Twitter tags with a 1200×630 image of its language', () => {
    expect(meta('meta[property="og:title"]')).toBe(messages.meta.ogTitle);
    expect(meta('meta[property="og:url"]')).toBe(`${SITE_ORIGIN}/${locale}`);
    expect(meta('meta[property="og:image"]')).toBe(siteUrl(ogImagePath(locale)));
    expect(meta('meta[property="og:image:width"]')).toBe('1200');
    expect(meta('meta[property="og:image:height"]')).toBe('630');
    expect(meta('meta[property="og:locale"]')).toBe(locale === 'en' ? 'en_US' : 'ru_RU');
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(meta('meta[name="twitter:image"]')).toBe(siteUrl(ogImagePath(locale)));
  });

  test('describes the Organization in JSON-LD', () => {
    const script = head.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script?.textContent ?? '{}');
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: messages.meta.siteName,
      url: `${SITE_ORIGIN}/${locale}`,
      sameAs: [SOCIAL_LINKS.x, SOCIAL_LINKS.telegram],
    });
  });

  test('has no script with code', () => {
    const scripts = [...head.querySelectorAll('script')];
    expect(scripts.every((script) => script.type === 'application/ld+json')).toBe(true);
  });
});

test('service pages are not indexed', () => {
  for (const kind of [
    'notFound',
    'thanks',
    'formError',
    'formUnavailable',
    'formNeedsScript',
  ] as const) {
    const head = parseHead(buildHead(kind, 'en', en));
    expect(head.title).toBe(en.pages[kind].title);
    expect(head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  }
});

test('escapes text in attributes', () => {
  const messages = { ...en, meta: { ...en.meta, description: 'a "quoted" <b> & more' } };
  expect(buildHead('home', 'en', messages)).toContain(
    'content="a &quot;quoted&quot; &lt;b&gt; &amp; more"',
  );
});

test('robots.txt allows everything and names the sitemap', () => {
  expect(buildRobots()).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${SITE_ORIGIN}/sitemap.xml\n`);
});

test('sitemap.xml lists the landing page and the two legal texts in both locales, each with its alternates', () => {
  const xml = new DOMParser().parseFromString(buildSitemap(), 'application/xml');
  const urls = [...xml.getElementsByTagName('url')];
  expect(urls.map((url) => url.getElementsByTagName('loc')[0]?.textContent)).toEqual([
    `${SITE_ORIGIN}/en`,
    `${SITE_ORIGIN}/ru`,
    `${SITE_ORIGIN}/en/privacy`,
    `${SITE_ORIGIN}/ru/privacy`,
    `${SITE_ORIGIN}/en/consent`,
    `${SITE_ORIGIN}/ru/consent`,
  ]);
  const alternates = (url: Element) =>
    Object.fromEntries(
      [...url.getElementsByTagName('xhtml:link')].map((link) => [
        link.getAttribute('hreflang'),
        link.getAttribute('href'),
      ]),
    );
  for (const url of urls.slice(0, 2)) {
    expect(alternates(url)).toEqual({
      en: `${SITE_ORIGIN}/en`,
      ru: `${SITE_ORIGIN}/ru`,
      'x-default': `${SITE_ORIGIN}/`,
    });
  }
  for (const [index, kind] of [
    [2, 'privacy'],
    [4, 'consent'],
  ] as const) {
    for (const url of urls.slice(index, index + 2)) {
      expect(alternates(url)).toEqual({
        en: `${SITE_ORIGIN}/en/${kind}`,
        ru: `${SITE_ORIGIN}/ru/${kind}`,
      });
    }
  }
});

describe.each(['en', 'ru'] as const)('legal page head (%s)', (locale) => {
  const head = parseHead(
    buildLegalHead('privacy', locale, {
      title: 'Privacy — Mintline',
      description: 'How "we" work',
    }),
  );

  test('is indexed, with its title, description, canonical and both languages', () => {
    expect(head.title).toBe('Privacy — Mintline');
    expect(head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'How "we" work',
    );
    expect(head.querySelector('meta[name="robots"]')).toBeNull();
    expect(head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${SITE_ORIGIN}/${locale}/privacy`,
    );
    const alternates = [...head.querySelectorAll('link[rel="alternate"]')].map((link) => [
      link.getAttribute('hreflang'),
      link.getAttribute('href'),
    ]);
    expect(alternates).toEqual([
      ['en', `${SITE_ORIGIN}/en/privacy`],
      ['ru', `${SITE_ORIGIN}/ru/privacy`],
    ]);
  });

  test('has no script', () => {
    expect(head.querySelector('script')).toBeNull();
  });
});

describe('docs page head', () => {
  const page: DocPage = {
    locale: 'ru',
    section: 'services',
    slug: 'web3',
    title: 'Web3-разработка <и> смарт-контракты',
    nav: 'Web3',
    description: 'Смарт-контракты, токены, NFT, DeFi и dApps с аудитом до запуска.',
    order: 1,
    html: '',
    headings: [],
  };
  const head = buildDocsHead('ru', { kind: 'article', page, sectionName: 'Услуги' }, ru);
  const ldBlocks = [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? 'null'),
  );

  test('an article names its language versions, its own preview and its title, escaped', () => {
    expect(head).toContain(`<link rel="canonical" href="${siteUrl('/ru/docs/services/web3')}">`);
    for (const locale of ['en', 'ru']) {
      expect(head).toContain(
        `<link rel="alternate" hreflang="${locale}" href="${siteUrl(`/${locale}/docs/services/web3`)}">`,
      );
    }
    expect(head).toContain(
      `<meta property="og:image" content="${siteUrl('/images/og/docs/ru/services/web3.png')}">`,
    );
    expect(head).toContain('<title>Web3-разработка &lt;и&gt; смарт-контракты — Mintline</title>');
    expect(head).not.toContain('noindex');
  });

  test('an article carries an Article and its BreadcrumbList for search engines', () => {
    expect(ldBlocks.map((block) => block['@type'])).toEqual(['Article', 'BreadcrumbList']);
    expect(ldBlocks[0]).toMatchObject({ headline: page.title, inLanguage: 'ru' });
    expect(ldBlocks[1].itemListElement.map((item: { name: string }) => item.name)).toEqual([
      'Mintline',
      'Услуги',
      'Web3',
    ]);
    // Data only: no script of the head runs.
    expect(head.match(/<script\b[^>]*>/g)).toEqual(
      Array(2).fill('<script type="application/ld+json">'),
    );
  });

  test('the docs 404 is not indexed', () => {
    const missing = buildDocsHead('en', { kind: 'missing', title: 'No such page' }, en);
    expect(missing).toContain('<meta name="robots" content="noindex">');
    expect(missing).not.toContain('canonical');
  });

  test('the sitemap lists each docs page in both languages with its alternates', () => {
    const map = buildSitemap([
      (locale) => docsPath(locale),
      (locale) => docsPath(locale, 'cases', 'medra'),
    ]);
    for (const locale of ['en', 'ru'] as const) {
      expect(map).toContain(`<loc>${siteUrl(`/${locale}/docs/cases/medra`)}</loc>`);
      expect(map).toContain(`<loc>${siteUrl(`/${locale}/docs/`)}</loc>`);
    }
    expect(map.match(/hreflang="ru" href="[^"]*\/ru\/docs\/cases\/medra"/g)).toHaveLength(2);
  });
});
