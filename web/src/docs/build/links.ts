// Where the docs' links lead: an article's links (to a docs page or heading, or to a host the
// content names) and the landing page's links into the docs, each named by where it stands.
import type { Messages } from '../../content/types';
import { LOCALES, type Locale } from '../../lib/constants';
import { DOC_SECTIONS, docsPath, pageKey, type DocPage, type DocsSite } from '../model';
import { messagesFile } from './article';

/** The index page's own anchors: one per section. */
const INDEX_ANCHORS: readonly string[] = DOC_SECTIONS;

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

export function checkLandingLinks(
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
