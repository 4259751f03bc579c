import { expect, test } from 'vitest';
import { facesForText, fontPreloadTags, visibleText } from './font-preloads.mjs';

const codes = (text) => [...text].map((char) => char.codePointAt(0));
const FACES = [
  { file: 'manrope-latin.woff2', script: 'latin', points: codes(' ,.ABCDEFHIKLORWacdeghilnorstw') },
  { file: 'manrope-latin-ext.woff2', script: 'latin-ext', points: codes('₽') },
  { file: 'manrope-cyrillic.woff2', script: 'cyrillic', points: codes('ВЕИЖМПРТвеимпрт') },
];

test("takes a page's body text, without its head, scripts, styles and tags", () => {
  const html =
    '<html><head><title>Заголовок</title><style>.a{}</style></head>' +
    '<body class="x"><h1 data-x="Ж">Hello&nbsp;&amp; world</h1><script>var ж</script>&#1046;</body></html>';
  const text = visibleText(html);
  expect(text).toContain('Hello\u00a0& world');
  expect(text).toContain('Ж');
  expect(text).not.toMatch(/Заголовок|ж|\.a\{\}/);
});

test('preloads the faces the text draws, of the Latin and Cyrillic scripts only', () => {
  const files = (text) => facesForText(FACES, text).map((face) => face.file);
  expect(files('Hello, world')).toEqual(['manrope-latin.woff2']);
  expect(files('Привет, мир')).toEqual(['manrope-latin.woff2', 'manrope-cyrillic.woff2']);
  // Set in capitals by CSS: a capital in the font's range counts as the text's.
  expect(files('ж')).toEqual(['manrope-cyrillic.woff2']);
  expect(files('100 ₽')).toEqual(['manrope-latin.woff2']);
});

test("names each face's built file, and fails on a face the build has not", () => {
  const manifest = { 'fonts/manrope-latin.woff2': { file: 'assets/manrope-latin-a1.woff2' } };
  expect(fontPreloadTags([FACES[0]], manifest, 'fonts')).toBe(
    '\n    <link rel="preload" as="font" type="font/woff2" href="/assets/manrope-latin-a1.woff2" crossorigin>',
  );
  expect(() => fontPreloadTags([FACES[2]], manifest, 'fonts')).toThrow(/manrope-cyrillic/);
});
