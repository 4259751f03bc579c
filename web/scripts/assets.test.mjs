import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const pub = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const rasters = (base) =>
  [480, 960].flatMap((w) => ['avif', 'webp'].map((f) => `${base}-${w}.${f}`));

// The cases' logos and pictures are data: the content check (src/content/fileBudgets.ts) holds
// each file the locale files name to its budget, and scripts/case-images.mjs makes the sizes.
test('every bento picture the about section references is generated and committed', () => {
  const files = [
    ...['en', 'ru'].flatMap((l) =>
      [1, 2, 3, 4, 5, 6].flatMap((i) => rasters(`images/bento/${l}/bento-${i}`)),
    ),
  ];
  expect(files.filter((f) => !existsSync(path.join(pub, f)))).toEqual([]);
});

test('keeps the pictures light: no raster over 40 KB', () => {
  const heavy = ['en', 'ru']
    .flatMap((l) => [1, 2, 3, 4, 5, 6].flatMap((i) => rasters(`images/bento/${l}/bento-${i}`)))
    .filter((f) => statSync(path.join(pub, f)).size > 40 * 1024);
  expect(heavy).toEqual([]);
});

test('the Draco-compressed emblem stays under 150 KB', () => {
  expect(statSync(path.join(pub, 'models/emblem.glb')).size).toBeLessThan(150 * 1024);
});
