import { LOCALES, SOCIAL_LINKS, type Locale } from '../lib/constants';
import type { Messages } from '../i18n/i18n';
import { legalPath } from '../legal/consent';
import { LEGAL_KINDS, type LegalKind } from '../legal/document';
import { SITE_ORIGIN, siteUrl } from './site';
import { docsOgImagePath, docsPath, type DocPage } from '../docs/model';

/** The pages the build writes for each locale, by their path under /<locale>. */
export type PageKind =
  'home' | 'notFound' | 'thanks' | 'formError' | 'formUnavailable' | 'formNeedsScript';

const OG_LOCALES: Record<Locale, string> = { en: 'en_US', ru: 'ru_RU' };
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export function localePath(locale: Locale): string {
  return `/${locale}`;
}

export function ogImagePath(locale: Locale): string {
  return `/images/og/og-${locale}.jpg`;
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** JSON for a `<script type="application/ld+json">` block: `<` escaped so it cannot close it. */
function jsonLd(data: unknown): string {
  return JSON.stringify(data).replaceAll('<', '\\u003c');
}

function organization(messages: Messages, locale: Locale): unknown {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: messages.meta.siteName,
    url: siteUrl(localePath(locale)),
    logo: siteUrl('/images/logo.png'),
    description: messages.meta.description,
    sameAs: [SOCIAL_LINKS.x, SOCIAL_LINKS.telegram],
  };
}

const tag = (name: string, attributes: Record<string, string>): string =>
  `<${name} ${Object.entries(attributes)
    .map(([key, value]) => `${key}="${escapeHtml(value)}"`)
    .join(' ')}>`;

const common = () => [
  tag('link', { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }),
  tag('meta', { name: 'theme-color', content: '#0a0a12' }),
];

/** The canonical URL of one language version and the alternates of every language. */
function languageVersions(path: (locale: Locale) => string, locale: Locale): string[] {
  return [
    tag('link', { rel: 'canonical', href: siteUrl(path(locale)) }),
    ...LOCALES.map((other) =>
      tag('link', { rel: 'alternate', hreflang: other, href: siteUrl(path(other)) }),
    ),
  ];
}

/**
 * The `<head>` tags of a prerendered page. The home page gets everything a search engine or a
 * link preview reads; the service pages (404, thanks, form error) get a title and `noindex`.
 */
export function buildHead(kind: PageKind, locale: Locale, messages: Messages): string {
  if (kind !== 'home') {
    return [
      `<title>${escapeHtml(messages.pages[kind].title)}</title>`,
      tag('meta', { name: 'robots', content: 'noindex' }),
      ...common(),
    ].join('\n    ');
  }
  const { meta } = messages;
  const url = siteUrl(localePath(locale));
  const image = siteUrl(ogImagePath(locale));
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    tag('meta', { name: 'description', content: meta.description }),
    ...languageVersions(localePath, locale),
    tag('link', { rel: 'alternate', hreflang: 'x-default', href: `${SITE_ORIGIN}/` }),
    ...common(),
    tag('meta', { property: 'og:type', content: 'website' }),
    tag('meta', { property: 'og:site_name', content: meta.siteName }),
    tag('meta', { property: 'og:url', content: url }),
    tag('meta', { property: 'og:title', content: meta.ogTitle }),
    tag('meta', { property: 'og:description', content: meta.ogDescription }),
    tag('meta', { property: 'og:locale', content: OG_LOCALES[locale] }),
    ...LOCALES.filter((other) => other !== locale).map((other) =>
      tag('meta', { property: 'og:locale:alternate', content: OG_LOCALES[other] }),
    ),
    tag('meta', { property: 'og:image', content: image }),
    tag('meta', { property: 'og:image:width', content: String(OG_IMAGE_SIZE.width) }),
    tag('meta', { property: 'og:image:height', content: String(OG_IMAGE_SIZE.height) }),
    tag('meta', { property: 'og:image:alt', content: meta.ogImageAlt }),
    tag('meta', { name: 'twitter:card', content: 'summary_large_image' }),
    tag('meta', { name: 'twitter:title', content: meta.ogTitle }),
    tag('meta', { name: 'twitter:description', content: meta.ogDescription }),
    tag('meta', { name: 'twitter:image', content: image }),
    tag('meta', { name: 'twitter:image:alt', content: meta.ogImageAlt }),
    `<script type="application/ld+json">${jsonLd(organization(messages, locale))}</script>`,
  ].join('\n    ');
}

/**
 * The `<head>` of a legal page: indexed, as the law wants the policy findable, with its
 * language versions; no preview image, as nobody shares a privacy policy.
 */
export function buildLegalHead(
  kind: LegalKind,
  locale: Locale,
  page: { title: string; description: string },
): string {
  return [
    `<title>${escapeHtml(page.title)}</title>`,
    tag('meta', { name: 'description', content: page.description }),
    ...languageVersions((other) => legalPath(other, kind), locale),
    ...common(),
  ].join('\n    ');
}

/** What a docs page's head describes: an article, the index or the docs 404. */
export type DocsHeadPage =
  | { kind: 'article'; page: DocPage; sectionName: string }
  | { kind: 'index'; title: string; description: string }
  | { kind: 'missing'; title: string };

/**
 * The `<head>` of a docs page: its language versions, a link preview, and structured data (an
 * Article with its BreadcrumbList) that search engines show as the page's path.
 */
export function buildDocsHead(locale: Locale, target: DocsHeadPage, messages: Messages): string {
  if (target.kind === 'missing') {
    return [
      `<title>${escapeHtml(`${target.title} — ${messages.meta.siteName}`)}</title>`,
      tag('meta', { name: 'robots', content: 'noindex' }),
      ...common(),
    ].join('\n    ');
  }
  const path = (other: Locale) =>
    target.kind === 'article'
      ? docsPath(other, target.page.section, target.page.slug)
      : docsPath(other);
  const title = target.kind === 'article' ? target.page.title : target.title;
  const description = target.kind === 'article' ? target.page.description : target.description;
  const url = siteUrl(path(locale));
  const image = siteUrl(
    target.kind === 'article' ? docsOgImagePath(target.page) : ogImagePath(locale),
  );
  const data: unknown[] = [];
  if (target.kind === 'article') {
    const crumbs = [
      { name: messages.meta.siteName, url: siteUrl(localePath(locale)) },
      { name: target.sectionName, url: `${siteUrl(docsPath(locale))}#${target.page.section}` },
      { name: target.page.nav, url },
    ];
    data.push(
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: title,
        description,
        inLanguage: locale,
        url,
        image,
        author: { '@type': 'Organization', name: messages.meta.siteName, url: siteUrl('/') },
        publisher: { '@type': 'Organization', name: messages.meta.siteName },
      },
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: crumbs.map((crumb, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          name: crumb.name,
          item: crumb.url,
        })),
      },
    );
  }
  return [
    `<title>${escapeHtml(`${title} — ${messages.meta.siteName}`)}</title>`,
    tag('meta', { name: 'description', content: description }),
    ...languageVersions(path, locale),
    ...common(),
    tag('meta', {
      property: 'og:type',
      content: target.kind === 'article' ? 'article' : 'website',
    }),
    tag('meta', { property: 'og:site_name', content: messages.meta.siteName }),
    tag('meta', { property: 'og:url', content: url }),
    tag('meta', { property: 'og:title', content: title }),
    tag('meta', { property: 'og:description', content: description }),
    tag('meta', { property: 'og:locale', content: OG_LOCALES[locale] }),
    tag('meta', { property: 'og:image', content: image }),
    tag('meta', { property: 'og:image:width', content: String(OG_IMAGE_SIZE.width) }),
    tag('meta', { property: 'og:image:height', content: String(OG_IMAGE_SIZE.height) }),
    tag('meta', { property: 'og:image:alt', content: title }),
    tag('meta', { name: 'twitter:card', content: 'summary_large_image' }),
    ...data.map((item) => `<script type="application/ld+json">${jsonLd(item)}</script>`),
  ].join('\n    ');
}

export function buildRobots(): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl('/sitemap.xml')}\n`;
}

/** The indexed pages, each as its path in a language; only the landing page has an x-default. */
const INDEXED: { path: (locale: Locale) => string; xDefault?: string }[] = [
  { path: localePath, xDefault: `${SITE_ORIGIN}/` },
  ...LEGAL_KINDS.map((kind) => ({ path: (locale: Locale) => legalPath(locale, kind) })),
];

/**
 * One `<url>` per page and locale, each listing every language version of its page; `docs` are
 * the docs pages' paths in a language (each exists in every language: the build checks it).
 */
export function buildSitemap(docs: ((locale: Locale) => string)[] = []): string {
  const urls = [...INDEXED, ...docs.map((path) => ({ path, xDefault: undefined }))]
    .flatMap(({ path, xDefault }) => {
      const alternates = [
        ...LOCALES.map(
          (locale) =>
            `    <xhtml:link rel="alternate" hreflang="${locale}" href="${siteUrl(path(locale))}"/>`,
        ),
        ...(xDefault
          ? [`    <xhtml:link rel="alternate" hreflang="x-default" href="${xDefault}"/>`]
          : []),
      ].join('\n');
      return LOCALES.map(
        (locale) => `  <url>\n    <loc>${siteUrl(path(locale))}</loc>\n${alternates}\n  </url>`,
      );
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls}
</urlset>
`;
}
