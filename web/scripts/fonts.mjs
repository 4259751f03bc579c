// Cuts the two brand families down to the characters the site can show and to the weights its
// style sheets use (each face stays variable over that part of the wght axis), and writes them
// with their @font-face rules to src/app/fonts/built/ (not committed), where the page's style
// sheet picks them up. The set is taken from the content at each build, so a copy edit in the
// editor can never ship a missing glyph. A face whose source, characters and weights have not
// changed is not cut again: the hash of each is kept in node_modules/.cache, out of the site.
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { create } from 'fontkit';
import subsetFont from 'subset-font';
import { fallbackFaces } from './font-fallbacks.mjs';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
/** A new harfbuzz may cut differently, so its version is part of each face's cache key. */
const SUBSETTER = `subset-font ${require('subset-font/package.json').version}`;

/**
 * The families and the scripts each is cut into. Fontsource ships one file per script and no
 * whole font to cut from, so the outputs keep that split: a /en visitor never fetches Cyrillic.
 * `weights` is the part of the wght axis kept: the weights the style sheets give text in the
 * family (body text 400, 600 and 700; headings 600 and 700), which the end-to-end suite checks
 * on every page. Unbounded's axis cut from 200-900 to 600-700 is 20 KB of the 54 KB it weighed.
 * `fallbackWeight` is the weight the text mostly uses, at which the fallback's widths are matched;
 * `typed` marks the family the form's fields use, which also keeps TYPED.
 */
export const FAMILIES = [
  {
    family: 'Manrope Variable',
    slug: 'manrope',
    weights: '400 700',
    fallbackWeight: 400,
    typed: true, // the form's fields
  },
  { family: 'Unbounded Variable', slug: 'unbounded', weights: '600 700', fallbackWeight: 700 },
];
export const SCRIPTS = ['latin', 'latin-ext', 'cyrillic'];

/** The characters from `first` to `last`, both included. */
function run(first, last) {
  return Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i)).join(
    '',
  );
}

/**
 * Characters kept whatever the copy says: printable ASCII and the typographic punctuation an
 * editor may type (quotes, dashes, ellipsis, rouble and number signs, arrows, non-breaking and
 * narrow non-breaking spaces).
 */
export const ALWAYS = run(0x20, 0x7e) + '«»„“”‘’‚—–‑…₽№•→←↗×©\u00a0\u202f';

/**
 * What a visitor may type into the form that the copy may not have, for the family the fields
 * are set in: Latin-1's accented letters (José, Müller) and the whole basic Cyrillic block
 * (Ukrainian і ї є ґ, Belarusian ў), so a name is not drawn in two fonts. About 7 KB of Manrope;
 * the display family never shows typed text.
 */
export const TYPED = run(0xc0, 0xff) + run(0x400, 0x45f) + 'Ґґ';

/** The source file of a family's script, as @fontsource-variable ships it. */
export function sourceFile(slug, script) {
  return require.resolve(`@fontsource-variable/${slug}/files/${slug}-${script}-wght-normal.woff2`);
}

/** Every file under `dir` (recursively) that `keep` accepts. */
async function filesUnder(dir, keep) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(file, keep)));
    else if (keep(file)) found.push(file);
  }
  return found;
}

/**
 * The text the site can render: the locale files and legal texts (web/src/**.json), the docs'
 * articles (web/src/content/docs/**.md), and the
 * sources' own characters (a literal arrow in a component, a list mark in the legal pages). A
 * comment's stray character costs one glyph; a missed one would cost a fallback glyph in a heading.
 */
export async function siteText(srcDir) {
  const files = await filesUnder(
    srcDir,
    (file) =>
      /\.(json|tsx?|css|md)$/.test(file) &&
      !/\.test\.tsx?$/.test(file) &&
      !file.includes(`${path.sep}built${path.sep}`),
  );
  const text = ALWAYS + (await Promise.all(files.sort().map((f) => readFile(f, 'utf8')))).join('');
  // Headings and labels are set in capitals by CSS (text-transform), and a capital the copy never
  // types is still drawn.
  return text + text.toUpperCase() + text.toLowerCase();
}

/** Sorted code points of a text, without the control characters no font draws. */
export function codePoints(text) {
  const points = new Set();
  for (const char of text) {
    const point = char.codePointAt(0);
    if (point >= 0x20 && point !== 0x7f) points.add(point);
  }
  return [...points].sort((a, b) => a - b);
}

/** A CSS unicode-range for sorted code points, with runs written as ranges. */
export function unicodeRange(points) {
  const parts = [];
  for (let i = 0; i < points.length;) {
    let j = i;
    while (j + 1 < points.length && points[j + 1] === points[j] + 1) j += 1;
    const hex = (p) => p.toString(16).toUpperCase().padStart(4, '0');
    parts.push(i === j ? `U+${hex(points[i])}` : `U+${hex(points[i])}-${hex(points[j])}`);
    i = j + 1;
  }
  return parts.join(', ');
}

/** The code points a font maps to glyphs: its cmap. */
export function cmapOf(buffer) {
  return new Set(create(buffer).characterSet);
}

/**
 * Cuts each family's scripts to `text` and writes the faces, their style sheet (fonts.css) and a
 * list of them (faces.json: file, family, script and code points of each, for the prerender's
 * preloads and the tests). A script file that would hold none of the characters is left out, and
 * each character goes to the first script whose file has it, so no two faces of a family overlap.
 */
export async function buildFonts({ text, outDir, cacheFile, families = FAMILIES }) {
  await mkdir(outDir, { recursive: true });
  const hashes = JSON.parse(await readFile(cacheFile, 'utf8').catch(() => '{}'));
  const present = new Set(await readdir(outDir));
  const faces = [];
  let cut = 0;
  for (const { family, slug, weights, typed } of families) {
    const left = new Set(codePoints(typed ? text + TYPED : text));
    for (const script of SCRIPTS) {
      const source = await readFile(sourceFile(slug, script));
      const cmap = cmapOf(source);
      const points = [...left].filter((point) => cmap.has(point));
      if (!points.length) continue;
      points.forEach((point) => left.delete(point));
      const file = `${slug}-${script}.woff2`;
      const hash = createHash('sha256')
        .update(SUBSETTER)
        .update(weights)
        .update(source)
        .update(String.fromCodePoint(...points))
        .digest('hex')
        .slice(0, 16);
      if (hashes[file] !== hash || !present.has(file)) {
        const [min, max] = weights.split(' ').map(Number);
        const subset = await subsetFont(source, String.fromCodePoint(...points), {
          targetFormat: 'woff2',
          variationAxes: { wght: { min, max } },
        });
        await writeFile(path.join(outDir, file), subset);
        hashes[file] = hash;
        cut += 1;
      }
      faces.push({ file, family, slug, script, weights, points });
    }
  }
  const fallbacks = await fallbackFaces(families, (slug) => readFile(sourceFile(slug, 'latin')));
  await writeFile(path.join(outDir, 'fonts.css'), fontsCss(faces, fallbacks));
  await writeFile(path.join(outDir, 'faces.json'), `${JSON.stringify(faces)}\n`);
  const keep = new Set([...faces.map((face) => face.file), 'fonts.css', 'faces.json']);
  for (const name of await readdir(outDir)) {
    if (!keep.has(name)) await rm(path.join(outDir, name));
  }
  await mkdir(path.dirname(cacheFile), { recursive: true });
  await writeFile(cacheFile, JSON.stringify(hashes));
  return { faces, cut };
}

/** The @font-face rules of the cut faces, then the metric-matched fallbacks. */
export function fontsCss(faces, fallbacks) {
  const rules = faces.map(
    (face) => `@font-face {
  font-family: '${face.family}';
  font-style: normal;
  font-display: swap;
  font-weight: ${face.weights};
  src: url('./${face.file}') format('woff2-variations');
  unicode-range: ${unicodeRange(face.points)};
}
`,
  );
  return [
    '/* Generated by scripts/fonts.mjs from the site text at build time. Do not edit. */\n',
    ...rules,
    fallbacks,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const { faces, cut } = await buildFonts({
    text: await siteText(path.join(web, 'src')),
    outDir: path.join(web, 'src/app/fonts/built'),
    cacheFile: path.join(web, 'node_modules/.cache/fonts.json'),
  });
  console.log(`fonts: ${faces.length} faces, ${cut} cut in ${Date.now() - started} ms`);
}
