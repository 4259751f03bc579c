import { expect, test } from 'vitest';
import { sourceName } from './build.mjs';
import { fontPreloads } from './fonts.mjs';

test("finds a page's font preloads and the face each built file was cut as", () => {
  const html =
    '<link rel="preload" as="font" type="font/woff2" href="/assets/manrope-latin-ext-D6H-S6MW.woff2" crossorigin>' +
    '<link rel="preload" as="image" href="/images/still.avif">';
  expect(fontPreloads(html)).toEqual(['/assets/manrope-latin-ext-D6H-S6MW.woff2']);
  expect(sourceName('/assets/manrope-latin-ext-D6H-S6MW.woff2')).toBe('manrope-latin-ext.woff2');
  expect(sourceName('/assets/unbounded-cyrillic-C627f1f8.woff2')).toBe('unbounded-cyrillic.woff2');
});
