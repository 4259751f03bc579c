// The CSP sources of the pages' inline scripts: scripts/prerender.mjs hashes every inline script
// of every page it writes and lists them in .site.json, from which landing-server builds the
// pages' policy (server/src/site/manifest.hpp). Hashed from the pages as written, so a changed
// script can never be refused by a stale hash.
import { createHash } from 'node:crypto';

/**
 * Inline scripts the policy governs: `<script>` elements without `src` whose type is none or
 * JavaScript's. Data blocks (`application/ld+json`) are not run, and the policy leaves them be.
 */
const INLINE_SCRIPT =
  /<script((?:\s+[\w-]+(?:=(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*>([\s\S]*?)<\/script\s*>/gi;
const RUN_TYPES = new Set(['', 'text/javascript', 'module', 'application/javascript']);

function attribute(attributes, name) {
  const match = attributes.match(
    new RegExp(`\\s${name}(?:=(?:"([^"]*)"|'([^']*)'|([^\\s>]+)))?`, 'i'),
  );
  if (!match) return null;
  return match[1] ?? match[2] ?? match[3] ?? '';
}

/** `'sha256-…'` of each inline script in `html`, in order of appearance, each once. */
export function inlineScriptSources(html) {
  const sources = [];
  for (const [, attributes, code] of html.matchAll(INLINE_SCRIPT)) {
    if (attribute(attributes, 'src') !== null) continue;
    if (!RUN_TYPES.has((attribute(attributes, 'type') ?? '').trim().toLowerCase())) continue;
    const source = `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
    if (!sources.includes(source)) sources.push(source);
  }
  return sources;
}
