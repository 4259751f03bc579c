// The docs from their Markdown files, checked: the build refuses a broken article as
// `file:path: reason` (a missing language, a short article, a duplicate anchor, a dead link, a
// missing or oversized image, a paragraph two articles share), and a landing link that leads to
// no docs page as `file:json.path: reason`.
import { z } from 'zod';
import type { Messages } from '../../content/types';
import { LOCALES, type Locale } from '../../lib/constants';
import {
  DOC_SECTIONS,
  docsPath,
  pageKey,
  type DocPage,
  type DocSectionId,
  type DocsSite,
} from '../model';
import { parseArticle, type ParsedArticle } from './markdown';

export const DOCS_DIR = 'src/content/docs';
export const MIN_WORDS = 150;
/** Larger images would make a page that is read on a phone slow; cases' pictures are ~60 KB. */
export const MAX_IMAGE_BYTES = 400 * 1024;
/** Shorter paragraphs ("See the case.") may well repeat; these may not. */
const MIN_SHARED_WORDS = 8;
/** The index page's own anchors: one per section. */
const INDEX_ANCHORS: readonly string[] = DOC_SECTIONS;

export interface DocsInput {
  /** Every Markdown file under src/content/docs, by its path from web/. */
  files: Record<string, string>;
  messages: Record<Locale, Messages>;
  /** The size of a file under web/public by its public path, undefined when there is none. */
  publicFileSize: (path: string) => number | undefined;
}

export interface DocsResult {
  site: DocsSite;
  errors: string[];
}

const frontSchema = z.strictObject({
  title: z.string().trim().min(3).max(90),
  nav: z.string().trim().min(2).max(40),
  description: z.string().trim().min(40).max(200),
  order: z.int().min(1),
});

const FILE = new RegExp(`^${DOCS_DIR}/(en|ru)/(cases|services|about)/([a-z0-9][a-z0-9-]*)\\.md$`);

interface Article {
  file: string;
  locale: Locale;
  section: DocSectionId;
  slug: string;
  parsed: ParsedArticle;
}

const messagesFile = (locale: Locale) => `src/i18n/locales/${locale}.json`;

export function buildDocs(input: DocsInput): DocsResult {
  const errors: string[] = [];
  const articles = new Map<string, Article>();
  for (const [file, text] of Object.entries(input.files).sort(([a], [b]) => a.localeCompare(b))) {
    const match = FILE.exec(file);
    if (!match) {
      errors.push(`${file}: not a docs article: expected ${DOCS_DIR}/<en|ru>/<section>/<part>.md`);
      continue;
    }
    const [, locale, section, slug] = match as unknown as [string, Locale, DocSectionId, string];
    articles.set(`${locale}/${section}/${slug}`, {
      file,
      locale,
      section,
      slug,
      parsed: parseArticle(text),
    });
  }

  const site = {} as DocsSite;
  for (const locale of LOCALES) site[locale] = pagesOf(locale, articles, input, errors);
  checkLanguages(articles, errors);
  for (const article of articles.values()) checkArticle(article, site, input, errors);
  checkSharedParagraphs([...articles.values()], errors);
  for (const locale of LOCALES) checkLandingLinks(locale, input.messages[locale], site, errors);
  return { site, errors };
}

function pagesOf(
  locale: Locale,
  articles: Map<string, Article>,
  input: DocsInput,
  errors: string[],
): DocPage[] {
  const pages: DocPage[] = [];
  const cases = input.messages[locale].cases.items;
  for (const article of articles.values()) {
    if (article.locale !== locale) continue;
    const front = frontSchema.safeParse(article.parsed.front);
    if (article.parsed.frontError) {
      errors.push(`${article.file}: front matter: ${article.parsed.frontError}`);
      continue;
    }
    if (!front.success) {
      for (const issue of front.error.issues) {
        const at = issue.path.length ? issue.path.join('.') : 'front matter';
        errors.push(`${article.file}:${at}: ${issue.message}`);
      }
      continue;
    }
    const caseItem =
      article.section === 'cases' ? cases.find((item) => item.id === article.slug) : undefined;
    if (article.section === 'cases' && !caseItem) {
      errors.push(
        `${article.file}: no case "${article.slug}" in ${messagesFile(locale)} cases.items`,
      );
      continue;
    }
    pages.push({
      locale,
      section: article.section,
      slug: article.slug,
      ...front.data,
      html: article.parsed.html,
      headings: article.parsed.headings,
      ...(caseItem && { caseItem }),
    });
  }
  // A case added in the editor has its page from its data alone, until its story is written.
  cases.forEach((item, index) => {
    if (pages.some((page) => page.section === 'cases' && page.slug === item.id)) return;
    pages.push({
      locale,
      section: 'cases',
      slug: item.id,
      title: item.name,
      nav: item.name,
      description: item.description,
      order: index + 1,
      html: '',
      headings: [],
      caseItem: item,
    });
  });
  const caseOrder = (page: DocPage) => cases.findIndex((item) => item.id === page.slug);
  return pages.sort(
    (a, b) =>
      DOC_SECTIONS.indexOf(a.section) - DOC_SECTIONS.indexOf(b.section) ||
      (a.section === 'cases' ? caseOrder(a) - caseOrder(b) : a.order - b.order) ||
      a.slug.localeCompare(b.slug),
  );
}

function checkLanguages(articles: Map<string, Article>, errors: string[]): void {
  for (const article of articles.values()) {
    for (const other of LOCALES) {
      if (other === article.locale) continue;
      const twin = `${other}/${article.section}/${article.slug}`;
      if (!articles.has(twin)) {
        errors.push(`${article.file}: no ${other} version (${DOCS_DIR}/${twin}.md)`);
      }
    }
  }
}

function checkArticle(article: Article, site: DocsSite, input: DocsInput, errors: string[]): void {
  const { file, parsed, locale } = article;
  if (parsed.words < MIN_WORDS) {
    errors.push(`${file}: ${parsed.words} words; an article has at least ${MIN_WORDS}`);
  }
  for (const heading of parsed.badHeadings) {
    errors.push(`${file}: ${heading}: use ## and ### only (the title is the page's H1)`);
  }
  const seen = new Set<string>();
  for (const heading of parsed.headings) {
    if (seen.has(heading.id)) {
      errors.push(`${file}: two headings have the anchor #${heading.id}`);
    }
    seen.add(heading.id);
  }
  for (const link of parsed.links) {
    const problem = linkProblem(link, locale, site, input.messages);
    if (problem) errors.push(`${file}: link ${link}: ${problem}`);
  }
  for (const image of parsed.images) {
    const size = image.startsWith('/') ? input.publicFileSize(image) : undefined;
    if (!image.startsWith('/')) {
      errors.push(`${file}: image ${image}: use a file of the site (/images/…)`);
    } else if (size === undefined) {
      errors.push(`${file}: image ${image}: no such file in web/public`);
    } else if (size > MAX_IMAGE_BYTES) {
      errors.push(
        `${file}: image ${image}: ${Math.ceil(size / 1024)} KB; at most ${MAX_IMAGE_BYTES / 1024} KB`,
      );
    }
  }
}

/** Hosts a docs article may link to: the cases' own sites and the studio's socials. */
function allowedHosts(messages: Record<Locale, Messages>): Set<string> {
  const hosts = new Set(['x.com', 't.me', 'instagram.com', 'www.instagram.com']);
  for (const locale of LOCALES) {
    for (const item of messages[locale].cases.items) {
      try {
        hosts.add(new URL(item.link).host);
      } catch {
        // content/check.ts reports a case's bad link.
      }
    }
  }
  return hosts;
}

/** Why a link in a docs article leads nowhere, or undefined when it is fine. */
export function linkProblem(
  link: string,
  locale: Locale,
  site: DocsSite,
  messages: Record<Locale, Messages>,
): string | undefined {
  if (/^https?:\/\//.test(link)) {
    const host = new URL(link).host;
    if (!link.startsWith('https://')) return 'use https://';
    return allowedHosts(messages).has(host)
      ? undefined
      : `${host} is not a host named in the content (the cases' sites, the studio's socials)`;
  }
  const prefix = `/${locale}/docs/`;
  if (!link.startsWith('/')) return `write links to docs pages as ${prefix}<section>/<part>`;
  if (!link.startsWith(prefix)) {
    return LOCALES.some((other) => link.startsWith(`/${other}/docs/`))
      ? `leads to another language; write ${prefix}…`
      : `not a docs page: write ${prefix}<section>/<part>`;
  }
  return targetProblem(link.slice(prefix.length), site[locale]);
}

/**
 * Why a docs target (`<section>/<part>`, `<section>/<part>#anchor`, `#anchor` on the index, or
 * empty for the index) names no page or anchor of one locale's docs.
 */
export function targetProblem(target: string, pages: DocPage[]): string | undefined {
  const [path = '', anchor] = target.split('#', 2) as [string, string | undefined];
  if (path === '') {
    if (anchor !== undefined && !INDEX_ANCHORS.includes(anchor)) {
      return `the docs index has no #${anchor} (only ${INDEX_ANCHORS.map((a) => `#${a}`).join(', ')})`;
    }
    return undefined;
  }
  const page = pages.find((candidate) => pageKey(candidate) === path.replace(/\/$/, ''));
  if (!page) return `no docs page ${path}`;
  if (anchor !== undefined && !page.headings.some((heading) => heading.id === anchor)) {
    return `${docsPath(page.locale, page.section, page.slug)} has no heading #${anchor}`;
  }
  return undefined;
}

function checkSharedParagraphs(articles: Article[], errors: string[]): void {
  const first = new Map<string, string>();
  for (const article of articles) {
    for (const paragraph of article.parsed.paragraphs) {
      if (paragraph.split(' ').length < MIN_SHARED_WORDS) continue;
      const key = paragraph.toLowerCase();
      const earlier = first.get(key);
      if (earlier === undefined) first.set(key, article.file);
      else {
        errors.push(
          `${article.file}: the paragraph "${paragraph.slice(0, 60)}…" is also in ${earlier}`,
        );
      }
    }
  }
}

/** Every link of the landing page into the docs (cases, chips, the header's previews). */
export function landingDocsLinks(messages: Messages): { at: string; target: string }[] {
  const links: { at: string; target: string }[] = [];
  for (const group of ['cases', 'services', 'about'] as const) {
    messages.navigation[group].forEach((entry, index) => {
      links.push({ at: `navigation.${group}[${index}].link`, target: entry.link });
    });
  }
  messages.cases.items.forEach((item, index) => {
    links.push({ at: `cases.items[${index}].url`, target: item.url });
  });
  messages.whatWeOffer.services.forEach((service, index) => {
    links.push({ at: `whatWeOffer.services[${index}].slug`, target: service.slug });
  });
  return links;
}

function checkLandingLinks(
  locale: Locale,
  messages: Messages,
  site: DocsSite,
  errors: string[],
): void {
  for (const { at, target } of landingDocsLinks(messages)) {
    const problem = targetProblem(target, site[locale]);
    if (problem) errors.push(`${messagesFile(locale)}:${at}: ${problem}`);
  }
}
