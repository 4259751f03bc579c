import type { Locale } from './locale';

/**
 * Where the landing's links into the docs lead: this site's own docs pages by default
 * (/<locale>/docs/…), or a studio's docs kept elsewhere when VITE_DOCS_BASE_URL is set at build.
 */
export const DOCS_BASE_URL: string = trimSlash(import.meta.env.VITE_DOCS_BASE_URL || '');

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * The docs page of a target from the content: `<section>/<part>`, with an optional `#anchor`,
 * or empty (or a bare `#anchor`) for the docs index. On this site the locale leads the path;
 * an outside docs site keeps its old scheme (`/ru` for Russian readers, then the target).
 */
export function docsUrl(target: string, locale: Locale, base: string = DOCS_BASE_URL): string {
  const [path = '', anchor] = target.split('#', 2);
  const hash = anchor ? `#${anchor}` : '';
  if (!base) return `/${locale}/docs/${path}${hash}`;
  const prefix = locale === 'ru' ? '/ru' : '';
  return `${trimSlash(base)}${prefix}/${path}${hash}`;
}

/** The query parameter a docs page's call to action puts the page's name in. */
export const TOPIC_PARAM = 'about';

const TOPIC_WORD: Record<Locale, string> = { en: 'About', ru: 'Тема' };
/** Longer names are cut: the parameter is in a link anyone can write. */
const MAX_TOPIC = 80;

/** The message the contact form starts with when a docs page sent the visitor: "About: X — ". */
export function topicMessage(locale: Locale, topic: string): string {
  const name = topic.replace(/\s+/g, ' ').trim().slice(0, MAX_TOPIC);
  return name ? `${TOPIC_WORD[locale]}: ${name} — ` : '';
}

/** The landing's form, reached from a docs page about `topic`. */
export function contactUrl(locale: Locale, topic: string): string {
  return `/${locale}?${TOPIC_PARAM}=${encodeURIComponent(topic)}#contact`;
}

/** Docs kept elsewhere open in a new tab, so the landing page stays; this site's in the same. */
export const DOCS_ELSEWHERE: boolean = DOCS_BASE_URL !== '';
export const DOCS_LINK_TARGET: { target?: '_blank'; rel?: string } = DOCS_ELSEWHERE
  ? { target: '_blank', rel: 'noopener' }
  : {};
