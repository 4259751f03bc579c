// The site's speculation rules (issue 49): landing-server names this file in a Speculation-Rules
// header on every page it serves (server/src/site/representation.cpp), and a browser that has
// them prepares the page a visitor is about to open. Written from the locales at build, so a
// language added is covered with no edit here.
//
// - The docs pages are prerendered on intent ("moderate": a 200 ms hover, or the pointer going
//   down on a phone): no bytes for a visitor who never reaches for one.
// - A landing page is prerendered only once the tab session has had its intro (`:root.intro-seen`,
//   src/lib/introOnce.ts): before that it would play its intro to nobody. Until then it is
//   prefetched, its HTML only, and plays the intro when opened.
// - Nothing else: not /api/ (an answer there may act), /admin, the
//   legal pages, files, or anything marked for download or opening elsewhere. The rules name the
//   pages they may prepare, not the ones they may not.
// Browsers without speculation rules ignore the header and navigate as before.

export const SPECULATION_RULES_FILE = 'speculation-rules.json';

/** The class a page's <html> carries once the tab session has had its intro (introOnce.ts). */
const INTRO_SEEN = ':root.intro-seen';

/** Links the rules leave alone whatever their address. */
const NEVER = { selector_matches: '[download], [target]:not([target="_self"]), [rel~="nofollow"]' };

/** `href_matches` patterns of the pathnames given, any query and any fragment. */
const paths = (pathnames) => pathnames.map((pathname) => ({ pathname }));

/** The rules for a site in `locales`, as the JSON object the file holds. */
export function speculationRules(locales) {
  const docs = paths(locales.flatMap((locale) => [`/${locale}/docs`, `/${locale}/docs/*`]));
  const landings = paths(locales.flatMap((locale) => [`/${locale}`, `/${locale}/`]));
  const rule = (where) => ({
    source: 'document',
    where: { and: [...where, { not: NEVER }] },
    eagerness: 'moderate',
  });
  const introSeen = { selector_matches: `${INTRO_SEEN} a, ${INTRO_SEEN} area` };
  return {
    prerender: [rule([{ href_matches: docs }]), rule([{ href_matches: landings }, introSeen])],
    prefetch: [rule([{ href_matches: landings }, { not: introSeen }])],
  };
}
