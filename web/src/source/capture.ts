// What a page view's URL and referrer say about where the visit came from, by the `capture` rules
// of contract/lead-source.json. Pure: the caller hands in the URL, referrer, locale and time.
import { clickIds, maxValueLength, textKeys } from '../../../contract/lead-source.json';
import { BIDI_CONTROL, CONTROL, INVISIBLE_ONLY, LINE_SEPARATOR, NONCHARACTER } from '../lib/text';

/** The first touch, as stored and sent with the lead (`source` in contract/api-contact.md). */
export interface LeadSource {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
  ref?: string;
  gclid?: true;
  yclid?: true;
  fbclid?: true;
  referrer?: string;
  landing?: string;
  locale: string;
  at: number;
}

export interface PageArrival {
  /** The page's full URL, as location.href gives it. */
  url: string;
  /** document.referrer: empty when there is none. */
  referrer: string;
  locale: string;
  /** Milliseconds since the epoch. */
  at: number;
}

// The server's host rule (contract/README.md): lowercase labels of letters, digits and inner
// hyphens, at most 63 each and 253 in all. A host it would refuse (an IPv6 literal, an underscore)
// is left out here, since one bad field makes the server drop the whole source.
const HOST = /^(?=.{1,253}$)[a-z\d]([a-z\d-]{0,61}[a-z\d])?(\.[a-z\d]([a-z\d-]{0,61}[a-z\d])?)*$/;

/** A tag as the contract keeps it, or undefined when it is to be left out. */
export function cleanTag(raw: string | null): string | undefined {
  // Trimmed, cut by code points (so a surrogate pair is never split) and trimmed again, since
  // the cut may end on a space. Checked only then: the server sees what is sent, and a long run
  // of invisible characters may be all the cut leaves.
  const value = Array.from(raw?.trim() ?? '')
    .slice(0, maxValueLength)
    .join('')
    .trim();
  if (
    !value ||
    CONTROL.test(value) ||
    LINE_SEPARATOR.test(value) ||
    BIDI_CONTROL.test(value) ||
    NONCHARACTER.test(value) ||
    INVISIBLE_ONLY.test(value)
  ) {
    return undefined;
  }
  return value;
}

/** The referring page's host name, unless it is this site, missing or not a plain host. */
export function referrerHost(referrer: string, ownHost: string): string | undefined {
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  return host !== ownHost && HOST.test(host) ? host : undefined;
}

/** Where this page view came from; the click ids only as present, never their values. */
export function readSource({ url, referrer, locale, at }: PageArrival): LeadSource {
  const page = new URL(url);
  const query = page.searchParams;
  const source: Record<string, unknown> = {};
  for (const key of textKeys) {
    const value = cleanTag(query.get(key));
    if (value !== undefined) source[key] = value;
  }
  for (const key of clickIds) if (query.has(key)) source[key] = true;
  const host = referrerHost(referrer, page.hostname.toLowerCase());
  if (host) source.referrer = host;
  // The URL parser percent-encodes everything outside printable ASCII in a path, so its length
  // in UTF-16 units is its length in code points. A longer one is left out rather than cut, since
  // a cut path names some other page, or none.
  if (page.pathname.length <= maxValueLength) source.landing = page.pathname;
  return { ...source, locale, at } as LeadSource;
}
