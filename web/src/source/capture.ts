// What a page view's URL and referrer say about where the visit came from, by the `capture` rules
// of contract/lead-source.json. Pure: the caller hands in the URL, referrer, locale and time.
import { clickIds, maxValueLength, textKeys } from '../../../contract/lead-source.json';
import { BIDI_CONTROL, CONTROL, INVISIBLE_ONLY } from '../lib/text';

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
  landing: string;
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
  if (!raw || CONTROL.test(raw) || BIDI_CONTROL.test(raw)) return undefined;
  // By code points, so a surrogate pair is never split; the cut value is checked for something
  // visible, because a long run of invisible characters may be all that is left.
  const value = Array.from(raw).slice(0, maxValueLength).join('');
  return INVISIBLE_ONLY.test(value) ? undefined : value;
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
  return { ...source, landing: page.pathname, locale, at } as LeadSource;
}
