// The docs pages' own budgets: their script at load (no React, nothing of the landing's), their
// HTML, their font preloads and each article's link preview.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { OG_SIZE, titleInk } from '../og-docs.mjs';
import { brotliSize, dist, sum } from './build.mjs';
import { checkFonts } from './fonts.mjs';
import { BUDGETS } from './limits.mjs';
import { criticalJs, entryScripts } from './scripts.mjs';

/**
 * What gives away code a docs page must not load: React, the 3D emblem (three.js), the form's
 * logic (its proof of work) and the preloader.
 */
export const DOCS_FORBIDDEN = {
  React: 'react.transitional.element',
  'three.js': 'WebGLRenderer',
  "the form's logic": 'altcha',
  'the preloader': 'preloader',
};

/** Every docs page of the build, by its path under dist/. */
async function docsPages() {
  const pages = [];
  for (const locale of ['en', 'ru']) {
    const root = path.join(dist, locale, 'docs');
    for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith('.html')) {
        pages.push(path.relative(dist, path.join(entry.parentPath, entry.name)));
      }
    }
  }
  return pages.sort();
}

/**
 * An article's link preview: the image its og:image names is in the build, 1200×630, with its
 * title drawn (a font missing where the site was built gives a preview without text).
 */
async function checkPreview(file, html) {
  if (!/<article\b/.test(html)) return [];
  const image =
    /<meta property="og:image" content="https?:\/\/[^/"]+(\/images\/og\/docs\/[^"]+)"/.exec(
      html,
    )?.[1];
  if (!image) return [`${file}: no link preview of its own (og:image under /images/og/docs/)`];
  const png = await readFile(path.join(dist, image)).catch(() => null);
  if (!png) return [`${file}: its link preview ${image} is not in the build`];
  const { default: sharp } = await import('sharp');
  const { width, height } = await sharp(png).metadata();
  if (width !== OG_SIZE.width || height !== OG_SIZE.height)
    return [
      `${file}: its link preview is ${width}×${height}, not ${OG_SIZE.width}×${OG_SIZE.height}`,
    ];
  const ink = await titleInk(png);
  return ink < 0.02
    ? [`${file}: its link preview ${image} shows no title (${ink.toFixed(3)} ink)`]
    : [];
}

/** The docs pages' own budgets: their scripts, their HTML and their font preloads. */
export async function checkDocsPages(faces) {
  const failures = [];
  const pages = await docsPages();
  if (pages.length === 0) failures.push('no docs pages in dist/<locale>/docs');
  let largestJs = 0;
  let largestHtml = 0;
  for (const file of pages) {
    const html = await readFile(path.join(dist, file));
    const htmlBr = brotliSize(html);
    largestHtml = Math.max(largestHtml, htmlBr);
    if (htmlBr > BUDGETS.docsHtmlBytes)
      failures.push(`${file}: HTML is ${htmlBr} B brotli > ${BUDGETS.docsHtmlBytes}`);
    const scripts = await criticalJs(entryScripts(html.toString('utf8')));
    const jsBr = sum([...scripts], brotliSize);
    largestJs = Math.max(largestJs, jsBr);
    if (jsBr > BUDGETS.docsJsBytes)
      failures.push(`${file}: ${jsBr} B brotli of script at load > ${BUDGETS.docsJsBytes}`);
    for (const [what, marker] of Object.entries(DOCS_FORBIDDEN)) {
      for (const [script, code] of scripts) {
        if (code.includes(marker))
          failures.push(`${file}: ${what} is loaded (${path.relative(dist, script)})`);
      }
    }
    failures.push(...(await checkFonts(file, html.toString('utf8'), faces)).problems);
    failures.push(...(await checkPreview(file, html.toString('utf8'))));
  }
  console.log(
    `budget docs: ${pages.length} pages, script at load at most ${largestJs} B br ` +
      `(limit ${BUDGETS.docsJsBytes}), HTML at most ${(largestHtml / 1024).toFixed(1)} KB br ` +
      `(limit ${BUDGETS.docsHtmlBytes / 1024})`,
  );
  return failures;
}
