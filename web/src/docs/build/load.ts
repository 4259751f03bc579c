// The docs from their Markdown files, checked: the build refuses a broken article as
// `file:path: reason` (a missing language, a short article, a duplicate anchor, a dead link, a
// missing or oversized image, a paragraph two articles share), and a landing link that leads to
// no docs page as `file:json.path: reason`.
import { z } from 'zod';
import { LOCALES, type Locale } from '../../lib/constants';
import { DOC_SECTIONS, type DocPage, type DocSectionId, type DocsSite } from '../model';
import { DOCS_DIR, messagesFile, type Article, type DocsInput } from './article';
import { checkArticle, checkLanguages, checkSharedParagraphs } from './checks';
import { checkLandingLinks } from './links';
import { parseArticle } from './markdown';

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
