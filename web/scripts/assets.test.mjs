import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const pub = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const rasters = (base) =>
  [480, 960].flatMap((w) => ['avif', 'webp'].map((f) => `${base}-${w}.${f}`));

test('every picture the sections reference is generated and committed', () => {
  const files = [
    ...[1, 2, 3, 4, 5].map((i) => `images/cases/icon-${i}.svg`),
    ...[1, 2, 3, 4, 5, 6, 7].flatMap((i) => rasters(`images/cases/case-${i}`)),
    ...['en', 'ru'].flatMap((l) =>
      [1, 2, 3, 4, 5, 6].flatMap((i) => rasters(`images/bento/${l}/bento-${i}`)),
    ),
  ];
  expect(files.filter((f) => !existsSync(path.join(pub, f)))).toEqual([]);
});

test('keeps the pictures light: no raster over 40 KB', () => {
  const heavy = [1, 2, 3, 4, 5, 6, 7]
    .flatMap((i) => rasters(`images/cases/case-${i}`))
    .concat(
      ['en', 'ru'].flatMap((l) =>
        [1, 2, 3, 4, 5, 6].flatMap((i) => rasters(`images/bento/${l}/bento-${i}`)),
      ),
    )
    .filter((f) => statSync(path.join(pub, f)).size > 40 * 1024);
  expect(heavy).toEqual([]);
});

test('the Draco-compressed emblem stays under 150 KB', () => {
  expect(statSync(path.join(pub, 'models/emblem.glb')).size).toBeLessThan(150 * 1024);
});
