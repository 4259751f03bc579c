// The public origin used in canonical URLs, hreflang alternates, Open Graph tags, robots.txt and
// sitemap.xml. This is the one place it is written; `SITE_ORIGIN=https://… npm run build`
// overrides it (vite.config.ts exposes that variable to the bundles).
const DEFAULT_SITE_ORIGIN = 'https://mintline.dev';

export const SITE_ORIGIN: string = (import.meta.env.SITE_ORIGIN || DEFAULT_SITE_ORIGIN).replace(
  /\/+$/,
  '',
);

/** Absolute URL of a path on this site. */
export function siteUrl(path: string): string {
  return `${SITE_ORIGIN}${path.startsWith('/') ? path : `/${path}`}`;
}
