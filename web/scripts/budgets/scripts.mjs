// Which scripts a page loads and when: before the first paint, before it is interactive, and
// where web-vitals' code is (it must stay in a lazy chunk of its own).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliSize, dist, sourceName, sum } from './build.mjs';

/**
 * Entry types only web-vitals' code names (the page observes none itself). Any of them in a
 * critical script means the library, or part of it, left its lazy chunk.
 */
export const WEB_VITALS_MARKERS = [
  'largest-contentful-paint',
  'layout-shift',
  'first-input',
  'back-forward-cache',
];

export function isWebVitalsCode(code) {
  return WEB_VITALS_MARKERS.some((marker) => code.includes(marker));
}

/** Scripts the HTML starts loading at once: module entries and modulepreloads. */
export function entryScripts(html) {
  const urls = [];
  for (const m of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g))
    urls.push(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g))
    urls.push(m[1]);
  return urls;
}

/** Dynamic `import()`s of a built ES module, by their relative path. */
export function dynamicImports(code) {
  const found = new Set();
  for (const m of code.matchAll(/\bimport\(\s*[`"'](\.[^`"']+)[`"']\s*\)/g)) found.add(m[1]);
  return [...found];
}

/**
 * The locale whose messages a built chunk holds (`/assets/ru-a1B2c3D4.js` holds `ru`), or null.
 * The start-up script fetches the page's own messages only.
 */
export function messagesLocale(url, locales) {
  const name = sourceName(url).replace(/\.js$/, '');
  return locales.includes(name) ? name : null;
}

/** Static imports of a built ES module (dynamic `import()` calls are lazy, so left out). */
export function staticImports(code) {
  const found = new Set();
  for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[^"'();]*?\bfrom\s*)?["']([^"']+)["']/g)) {
    found.add(m[1]);
  }
  return [...found];
}

/** Scripts that run before the first paint: the page's own, and their static imports. */
export async function criticalJs(entryUrls) {
  const seen = new Map();
  const queue = entryUrls.map((u) => path.join(dist, u));
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    const code = await readFile(file);
    seen.set(file, code);
    for (const spec of staticImports(code.toString('utf8'))) {
      if (spec.startsWith('.')) queue.push(path.resolve(path.dirname(file), spec));
      else if (spec.startsWith('/')) queue.push(path.join(dist, spec));
    }
  }
  return seen;
}

/**
 * Scripts a page needs to become interactive: those before the first paint and what the page's
 * own scripts import dynamically (the app and the page's messages, fetched once the first frame
 * is on screen), with their static imports. Other locales' messages are not fetched.
 */
export async function interactiveJs(entryUrls, locale, locales) {
  const first = await criticalJs(entryUrls);
  const later = [];
  for (const url of entryUrls) {
    const file = path.join(dist, url);
    for (const spec of dynamicImports(first.get(file).toString('utf8'))) {
      const chunk = path.posix.join(path.posix.dirname(url), spec);
      const messages = messagesLocale(chunk, locales);
      if (messages === null || messages === locale) later.push(chunk);
    }
  }
  const all = new Map(first);
  for (const [file, code] of await criticalJs(later)) all.set(file, code);
  return { first, all };
}

/** web-vitals' chunks in the build: each one's size with the scripts only it brings in. */
async function webVitalsChunks(critical) {
  const chunks = [];
  for (const name of await readdir(path.join(dist, 'assets'))) {
    if (!name.endsWith('.js')) continue;
    const url = `/assets/${name}`;
    const file = path.join(dist, url);
    if (!isWebVitalsCode(await readFile(file, 'utf8'))) continue;
    const own = [...(await criticalJs([url]))].filter(([f]) => f === file || !critical.has(f));
    const lazy = !critical.has(file);
    chunks.push({ url, lazy, raw: sum(own, (code) => code.length), br: sum(own, brotliSize) });
  }
  return chunks;
}

/**
 * web-vitals is in the build, in lazy chunks only (`critical` holds every critical script of the
 * landing pages); prints each chunk's size. Returns failures.
 */
export async function checkWebVitalsLazy(critical) {
  const vitals = await webVitalsChunks(critical);
  for (const chunk of vitals)
    console.log(
      `web-vitals chunk ${chunk.url}: ${chunk.raw} B raw, ${chunk.br} B br, ` +
        (chunk.lazy ? 'lazy' : 'CRITICAL'),
    );
  // Without the chunk the landing's check proves nothing: the page measures with a lazy web-vitals.
  return vitals.length ? [] : ['no web-vitals chunk in dist/assets'];
}
