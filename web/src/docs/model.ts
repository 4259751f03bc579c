// The studio's docs as the build sees them: per locale, three sections of parts, each part an
// article rendered from Markdown (src/content/docs/<locale>/<section>/<part>.md). Plain data, so
// the pages (pages/), the build's checks (build/) and the page script (client/) share one shape.
import type { CaseItem } from '../content/types';
import type { Locale } from '../lib/constants';

/** The sections in the spec's order: their index is the docs store's currentSectionId. */
export const DOC_SECTIONS = ['cases', 'services', 'about'] as const;
export type DocSectionId = (typeof DOC_SECTIONS)[number];

export interface DocHeading {
  depth: 2 | 3;
  id: string;
  text: string;
}

export interface DocPage {
  locale: Locale;
  section: DocSectionId;
  slug: string;
  /** The H1 and the page title. */
  title: string;
  /** The short name in the sidebar, the breadcrumbs and the call to action. */
  nav: string;
  description: string;
  order: number;
  /** The article, sanitised HTML without its title. */
  html: string;
  headings: DocHeading[];
  /** A case page's data from the content (cases.items), shown above its story. */
  caseItem?: CaseItem;
}

/** One locale's docs: every page, sorted by section, then by order. */
export type DocsLocale = DocPage[];
export type DocsSite = Record<Locale, DocsLocale>;

/** The site path of the docs index, a section's part, or an anchor on either. */
export function docsPath(locale: Locale, section?: DocSectionId, slug?: string): string {
  if (!section || !slug) return `/${locale}/docs/`;
  return `/${locale}/docs/${section}/${slug}`;
}

export function pageKey(page: Pick<DocPage, 'section' | 'slug'>): string {
  return `${page.section}/${page.slug}`;
}

export function sectionPages(pages: DocsLocale, section: DocSectionId): DocPage[] {
  return pages.filter((page) => page.section === section);
}

/** The docs store's ids of a page: its section's index and its place in that section. */
export function storeIds(pages: DocsLocale, page: DocPage): { sectionId: number; partId: number } {
  return {
    sectionId: DOC_SECTIONS.indexOf(page.section),
    partId: sectionPages(pages, page.section).indexOf(page),
  };
}

/** The spec's "on this page" text: one bullet line per H2 of the article. */
export function onPageInfo(page: DocPage): string {
  return page.headings
    .filter((heading) => heading.depth === 2)
    .map((heading) => `• ${heading.text}`)
    .join('\n');
}

/** A docs article's link preview (scripts/og-docs.mjs draws it at build time). */
export function docsOgImagePath(page: Pick<DocPage, 'locale' | 'section' | 'slug'>): string {
  return `/images/og/docs/${page.locale}/${page.section}/${page.slug}.png`;
}
