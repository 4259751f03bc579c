// harfbuzz and the WOFF2 codec run in wasm, which takes Node's buffers, not jsdom's.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { create } from 'fontkit';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fallbackFamily, LOCAL_FONTS, overrides } from './font-fallbacks.mjs';
import { facesForText } from './font-preloads.mjs';
import { buildFonts, cmapOf, FAMILIES, SCRIPTS, siteText, sourceFile, TYPED } from './fonts.mjs';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOCALES = ['en', 'ru'];
const localeText = (locale) => readFile(path.join(web, `src/i18n/locales/${locale}.json`), 'utf8');

let dir;
let faces;
let css;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'fonts-test-'));
  ({ faces } = await buildFonts({
    text: await siteText(path.join(web, 'src')),
    outDir: dir,
    cacheFile: path.join(dir, 'cache.json'),
  }));
  css = await readFile(path.join(dir, 'fonts.css'), 'utf8');
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Every code point the family's source files draw, in any of the scripts. */
async function sourceCmap(slug) {
  const all = new Set();
  for (const script of SCRIPTS)
    cmapOf(await readFile(sourceFile(slug, script))).forEach((p) => all.add(p));
  return all;
}

test('each character of both locale files, in either case, is drawn by the face whose range covers it', async () => {
  for (const { family, slug } of FAMILIES) {
    const drawn = await sourceCmap(slug);
    for (const locale of LOCALES) {
      const text = await localeText(locale);
      for (const char of new Set(text + text.toUpperCase())) {
        const point = char.codePointAt(0);
        // A sign the brand font has no glyph for is drawn by the fallback, subset or not.
        if (point < 0x20 || !drawn.has(point)) continue;
        const covering = faces.filter((f) => f.family === family && f.points.includes(point));
        expect(covering, `${family} ${locale} ${char}`).toHaveLength(1);
        const cmap = cmapOf(await readFile(path.join(dir, covering[0].file)));
        expect(cmap.has(point), `${covering[0].file} ${char}`).toBe(true);
      }
    }
  }
});

test('the family of the form fields draws every letter a visitor may type in a name', async () => {
  const typed = FAMILIES.filter((f) => f.typed);
  expect(typed.map((f) => f.family)).toEqual(['Manrope Variable']);
  for (const char of TYPED + 'éüñçøїєґў' + 'ÉÜÑÇØЇЄҐЎ') {
    const point = char.codePointAt(0);
    const covering = faces.filter(
      (f) => f.family === 'Manrope Variable' && f.points.includes(point),
    );
    expect(covering, char).toHaveLength(1);
    expect(cmapOf(await readFile(path.join(dir, covering[0].file))).has(point), char).toBe(true);
  }
});

test("each face stays variable over its family's weights, inside its source's axis", async () => {
  for (const face of faces) {
    const family = FAMILIES.find((f) => f.family === face.family);
    expect(face.weights).toBe(family.weights);
    const [min, max] = face.weights.split(' ').map(Number);
    const source = create(await readFile(sourceFile(face.slug, face.script))).variationAxes.wght;
    expect(source.min, face.file).toBeLessThanOrEqual(min);
    expect(source.max, face.file).toBeGreaterThanOrEqual(max);
    const built = create(await readFile(path.join(dir, face.file)));
    expect(built.directory.tables.fvar, face.file).toBeDefined();
    expect(built.variationAxes.wght, face.file).toMatchObject({ min, max });
    expect(css).toContain(`src: url('./${face.file}')`);
  }
  expect(css.match(/font-weight: (\d+ \d+);/g)).toEqual(
    faces.map((face) => `font-weight: ${face.weights};`),
  );
});

test('the subsets are smaller than the files they are cut from', async () => {
  for (const face of faces) {
    const source = await readFile(sourceFile(face.slug, face.script));
    const built = await readFile(path.join(dir, face.file));
    expect(built.length, face.file).toBeLessThan(source.length);
  }
});

test('the style sheet gives each face its file and exactly its code points', () => {
  expect(css).toContain("src: url('./manrope-latin.woff2') format('woff2-variations');");
  expect(css).toMatch(/unicode-range: U\+0401, U\+0410-044F, U\+0451, U\+2116;/);
  expect(css.match(/src: url\(/g)).toHaveLength(faces.length);
});

test('capitals the copy never types are kept, for text set in capitals by CSS', async () => {
  const text = await siteText(path.join(web, 'src'));
  expect(text).toContain('Ж');
  expect(text).toContain('Щ');
});

test('a /en page preloads only Latin faces and a /ru page adds the Cyrillic ones', async () => {
  const wanted = {
    en: ['manrope-latin.woff2', 'unbounded-latin.woff2'],
    ru: [
      'manrope-latin.woff2',
      'manrope-cyrillic.woff2',
      'unbounded-latin.woff2',
      'unbounded-cyrillic.woff2',
    ],
  };
  for (const locale of LOCALES) {
    const files = facesForText(faces, await localeText(locale)).map((face) => face.file);
    expect(files.sort(), locale).toEqual(wanted[locale].sort());
  }
});

test('each fallback takes the brand font room: width, ascent and descent', () => {
  // Manrope's Latin file at wght 400 over Arial, numbers read from both fonts.
  const manrope = { unitsPerEm: 2000, ascent: 2132, descent: -600, lineGap: 0, xWidthAvg: 920 };
  const arial = { unitsPerEm: 2048, ascent: 1854, descent: -434, lineGap: 67, xWidthAvg: 913 };
  const o = overrides(manrope, arial);
  const size = 920 / 2000 / (913 / 2048);
  expect(o.sizeAdjust).toBe(`${(size * 100).toFixed(2)}%`);
  expect(o.ascentOverride).toBe(`${((2132 / (2000 * size)) * 100).toFixed(2)}%`);
  expect(o.descentOverride).toBe(`${((600 / (2000 * size)) * 100).toFixed(2)}%`);
  expect(o.lineGapOverride).toBe('0.00%');
});

test('the font stacks name every fallback face the style sheet defines', async () => {
  const tokens = await readFile(path.join(web, 'src/app/tokens.css'), 'utf8');
  for (const { family } of FAMILIES) {
    for (const local of LOCAL_FONTS) {
      const name = fallbackFamily(family, local.name);
      expect(css).toContain(`font-family: '${name}';`);
      expect(tokens).toContain(`'${name}'`);
    }
  }
  expect(css.match(/size-adjust: \d+\.\d+%/g)).toHaveLength(FAMILIES.length * LOCAL_FONTS.length);
});
