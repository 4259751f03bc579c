// What the docs' build reads (each article file with its place) and where it reads it from,
// shared by the loading (load.ts) and the checks made on what it loaded (checks.ts, links.ts).
import type { Messages } from '../../content/types';
import type { Locale } from '../../lib/constants';
import type { DocSectionId } from '../model';
import type { ParsedArticle } from './markdown';

export const DOCS_DIR = 'src/content/docs';

export interface DocsInput {
  /** Every Markdown file under src/content/docs, by its path from web/. */
  files: Record<string, string>;
  messages: Record<Locale, Messages>;
  /** The size of a file under web/public by its public path, undefined when there is none. */
  publicFileSize: (path: string) => number | undefined;
}

/** One Markdown file, parsed, with the language, section and part its path names. */
export interface Article {
  file: string;
  locale: Locale;
  section: DocSectionId;
  slug: string;
  parsed: ParsedArticle;
}

/** The locale file a problem with the landing's copy is reported against. */
export const messagesFile = (locale: Locale) => `src/i18n/locales/${locale}.json`;
