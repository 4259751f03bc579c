// The case pictures' sizes: encoded once per picture on a machine, then copied from the build
// cache by any checkout, and never half copied.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, expect, test } from 'vitest';
import { buildCaseImages } from './case-images.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'case-images-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (...parts) => path.join(dir, ...parts);

const picture = (background) =>
  sharp({ create: { width: 200, height: 150, channels: 3, background } })
    .png()
    .toBuffer();
const build = (out, extra = {}) =>
  buildCaseImages({
    sourceDir: at('source'),
    outDir: at(out),
    images: ['shop.png'],
    cacheFile: at(`${out}.json`),
    ...extra,
  });
const files = (out) =>
  Object.fromEntries(readdirSync(at(out)).map((name) => [name, readFileSync(at(out, name))]));

test('a picture is encoded once, then copied whole from the build cache into another checkout', async () => {
  rmSync(at('source'), { recursive: true, force: true });
  mkdirSync(at('source'), { recursive: true });
  writeFileSync(at('source', 'shop.png'), await picture('#2f8f6a'));
  const storeDir = at('store');

  expect(await build('first', { storeDir })).toEqual({ encoded: 1, copied: 0 });
  const made = files('first');
  expect(Object.keys(made).sort()).toEqual([
    'shop-480.avif',
    'shop-480.webp',
    'shop-960.avif',
    'shop-960.webp',
  ]);
  // Another checkout of the same content: nothing encoded, the same bytes.
  expect(await build('second', { storeDir })).toEqual({ encoded: 0, copied: 1 });
  expect(files('second')).toEqual(made);
  // Its own record then says the sizes are there: neither step again.
  expect(await build('second', { storeDir })).toEqual({ encoded: 0, copied: 0 });

  // New bytes under the same name are encoded, and differ.
  writeFileSync(at('source', 'shop.png'), await picture('#8f2f6a'));
  expect(await build('second', { storeDir })).toEqual({ encoded: 1, copied: 0 });
  expect(files('second')['shop-480.webp']).not.toEqual(made['shop-480.webp']);

  // An entry missing a size is not copied: the picture is encoded again, and stored whole.
  const [entry] = readdirSync(storeDir).filter(
    (name) => readdirSync(path.join(storeDir, name)).length,
  );
  writeFileSync(at('source', 'shop.png'), await picture('#2f8f6a'));
  unlinkSync(path.join(storeDir, entry, '960.avif'));
  expect(await build('third', { storeDir })).toEqual({ encoded: 1, copied: 0 });
  expect(files('third')).toEqual(made);
  expect(await build('fourth', { storeDir })).toEqual({ encoded: 0, copied: 1 });

  // Without a build cache, as before it: every new checkout encodes.
  expect(await build('fifth')).toEqual({ encoded: 1, copied: 0 });
});
