import type { Locale } from './locale';

/**
 * The documentation site the service chips open. One place to change it; a deployment may
 * override it with VITE_DOCS_BASE_URL at build time.
 */
export const DOCS_BASE_URL: string = trimSlash(
  import.meta.env.VITE_DOCS_BASE_URL || 'https://docs.mintline.dev',
);

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The docs page of a slug: base, `/ru` for Russian readers, then the slug (empty: docs root). */
export function docsUrl(slug: string, locale: Locale, base: string = DOCS_BASE_URL): string {
  const prefix = locale === 'ru' ? '/ru' : '';
  return `${trimSlash(base)}${prefix}/${slug}`;
}
