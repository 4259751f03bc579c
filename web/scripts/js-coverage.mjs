// How much of a page's critical JavaScript runs while it loads, measured in Chromium as
// Lighthouse's "unused JavaScript" measures it: V8's coverage by function (a function that ran
// counts whole, one that never ran counts as unused), taken once the page has hydrated and sat
// idle for a moment, with no input. Used by check-budgets.mjs. The pages are answered from
// dist/ by the browser's request routing, so no server runs.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.mjs';

/** A made-up origin: Playwright answers every request of the page from dist/. */
const ORIGIN = 'http://budgets.invalid';
const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
};

/**
 * Which characters of a script of `length` ran (1) and which did not (0), given V8's function
 * ranges (each function's first range; a nested function's range overrides its parent's). V8
 * counts offsets in UTF-16 code units, as a JavaScript string's length does.
 */
export function usedMask(length, functions) {
  const used = new Uint8Array(length).fill(1);
  const ranges = functions
    .map((fn) => fn.ranges[0])
    .filter(Boolean)
    .sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
  for (const range of ranges)
    used.fill(range.count > 0 ? 1 : 0, range.startOffset, Math.min(range.endOffset, length));
  return used;
}

/** The UTF-8 bytes of one UTF-16 code unit: each half of a surrogate pair is two of four. */
export function utf8Size(unit) {
  return unit < 0x80 ? 1 : unit < 0x800 || (unit >= 0xd800 && unit < 0xe000) ? 2 : 3;
}

/**
 * The script `text`'s size in UTF-8 bytes, as it is served, and how many of those bytes lie in
 * functions that never ran (see usedMask). A message chunk in Russian is a third larger in bytes
 * than in characters.
 */
export function unusedBytes(text, functions) {
  const used = usedMask(text.length, functions);
  let bytes = 0;
  let unused = 0;
  for (let i = 0; i < text.length; i++) {
    const size = utf8Size(text.charCodeAt(i));
    bytes += size;
    if (!used[i]) unused += size;
  }
  return { bytes, unused };
}

async function answer(route, dist) {
  const url = new URL(route.request().url());
  if (url.origin !== ORIGIN) return route.abort();
  let file = path.join(dist, decodeURIComponent(url.pathname));
  if (!path.extname(file)) file = path.join(file, 'index.html');
  if (!file.startsWith(dist)) return route.abort();
  const body = await readFile(file).catch(() => null);
  if (!body) return route.fulfill({ status: 404, body: '' });
  return route.fulfill({
    status: 200,
    body,
    contentType: TYPES[path.extname(file)] ?? 'application/octet-stream',
  });
}

/**
 * Loads each `/<locale>` page from `dist` and returns, per locale, V8's function coverage of each
 * script the page ran, keyed by its path under dist (`/assets/start-a1B2.js`).
 */
export async function pageCoverage({ dist, locales, idleMs = 1000 }) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const result = {};
  try {
    for (const locale of locales) {
      const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
      await page.route('**/*', (route) => answer(route, dist));
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.startPreciseCoverage', { callCount: false, detailed: false });
      await page.goto(`${ORIGIN}/${locale}`, { waitUntil: 'load' });
      // Hydrated: React has claimed the last part of the page.
      await page.waitForFunction(
        () => {
          const footer = globalThis.document.querySelector('footer');
          return !!footer && Object.keys(footer).some((key) => key.startsWith('__reactFiber$'));
        },
        null,
        { timeout: 20_000 },
      );
      await page.waitForTimeout(idleMs);
      const { result: scripts } = await cdp.send('Profiler.takePreciseCoverage');
      const files = {};
      for (const script of scripts) {
        if (!script.url.startsWith(`${ORIGIN}/assets/`)) continue;
        files[new URL(script.url).pathname] = script.functions;
      }
      result[locale] = files;
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return result;
}

/**
 * Loads each `/<locale>` page from `dist` and returns, per locale, each script's bytes and
 * unused bytes, keyed by its path under dist (`/assets/start-a1B2.js`).
 */
export async function measureCoverage({ dist, locales, idleMs = 1000 }) {
  const coverage = await pageCoverage({ dist, locales, idleMs });
  // Both pages run the same app chunk: each file is read once.
  const texts = new Map();
  const textOf = async (file) => {
    if (!texts.has(file)) texts.set(file, await readFile(path.join(dist, file), 'utf8'));
    return texts.get(file);
  };
  const result = {};
  for (const [locale, scripts] of Object.entries(coverage)) {
    result[locale] = {};
    for (const [file, functions] of Object.entries(scripts)) {
      result[locale][file] = unusedBytes(await textOf(file), functions);
    }
  }
  return result;
}
