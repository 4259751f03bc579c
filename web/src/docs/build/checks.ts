// The checks on each article once all are loaded: both languages there, long enough, its
// headings, links and images sound, and no paragraph copied from another article.
import { LOCALES } from '../../lib/constants';
import type { DocsSite } from '../model';
import { DOCS_DIR, type Article, type DocsInput } from './article';
import { linkProblem } from './links';

export const MIN_WORDS = 150;
/** Larger images would make a page that is read on a phone slow; cases' pictures are ~60 KB. */
export const MAX_IMAGE_BYTES = 400 * 1024;
/** Shorter paragraphs ("See the case.") may well repeat; these may not. */
const MIN_SHARED_WORDS = 8;

export function checkLanguages(articles: Map<string, Article>, errors: string[]): void {
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

export function checkArticle(
  article: Article,
  site: DocsSite,
  input: DocsInput,
  errors: string[],
): void {
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

export function checkSharedParagraphs(articles: Article[], errors: string[]): void {
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
