// A page's font preloads: the faces its text needs, and what they weigh.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { facesForText, visibleText } from '../font-preloads.mjs';
import { dist, sourceName } from './build.mjs';

const facesFile = path.resolve(dist, '../src/app/fonts/built/faces.json');

/** The faces scripts/fonts.mjs cut, with the characters each covers. */
export async function readFaces() {
  return JSON.parse(await readFile(facesFile, 'utf8'));
}

/** Font files a page preloads. */
export function fontPreloads(html) {
  const urls = [];
  for (const m of html.matchAll(
    /<link\b[^>]*\brel="preload"[^>]*\bas="font"[^>]*\bhref="([^"]+)"/g,
  ))
    urls.push(m[1]);
  return urls;
}

/**
 * A page's font preloads against the faces its text needs (scripts/font-preloads.mjs): each
 * problem as text, and the preloaded bytes.
 */
export async function checkFonts(locale, html, faces) {
  const urls = fontPreloads(html);
  const preloaded = urls.map(sourceName).sort();
  const needed = facesForText(faces, visibleText(html))
    .map((face) => face.file)
    .sort();
  const problems = [];
  if (preloaded.join() !== needed.join())
    problems.push(
      `${locale}: preloads ${preloaded.join(', ')}, its text needs ${needed.join(', ')}`,
    );
  let bytes = 0;
  for (const url of urls) bytes += (await readFile(path.join(dist, url))).length;
  return { problems, bytes };
}
