import { afterEach, beforeEach, expect, test } from 'vitest';
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { COMPRESSIBLE, MIN_BYTES, precompress } from './precompress.mjs';

let root;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'precompress-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const text = (n) => 'const answer = 42;\n'.repeat(Math.ceil(n / 19)).slice(0, n);

test.each([...COMPRESSIBLE])('a %s file gets .br and .gz that decode to it', async (ext) => {
  await mkdir(path.join(root, 'assets'));
  const file = path.join(root, 'assets', `a${ext}`);
  await writeFile(file, text(4000));
  expect(await precompress(root)).toEqual({ written: 2, compressed: 1, copied: 0 });
  const body = await readFile(file);
  expect(brotliDecompressSync(await readFile(file + '.br')).equals(body)).toBe(true);
  expect(gunzipSync(await readFile(file + '.gz')).equals(body)).toBe(true);
});

test('leaves out images, tiny files, dotfiles and forms that would not be smaller', async () => {
  await writeFile(path.join(root, 'photo.png'), text(4000));
  await writeFile(path.join(root, 'tiny.js'), text(MIN_BYTES - 1));
  await mkdir(path.join(root, '.vite'));
  await writeFile(path.join(root, '.vite', 'manifest.json'), text(4000));
  // Random bytes do not shrink.
  await writeFile(path.join(root, 'noise.bin'), randomBytes(4000));
  await precompress(root);
  const names = await readdir(root, { recursive: true });
  expect(names.filter((n) => n.endsWith('.br') || n.endsWith('.gz'))).toEqual([]);
});

test('a second run rewrites stale forms and drops ones whose file is gone', async () => {
  const file = path.join(root, 'index.html');
  await writeFile(file, text(3000));
  await precompress(root);
  await writeFile(file, text(5000));
  await writeFile(path.join(root, 'gone.js.br'), 'stale');
  await precompress(root);
  expect(brotliDecompressSync(await readFile(file + '.br')).length).toBe(5000);
  expect((await readdir(root)).includes('gone.js.br')).toBe(false);
});

test('forms compressed once are taken from the build cache by the next build, and checked', async () => {
  const store = path.join(root, 'store');
  await mkdir(store);
  const site = async (name) => {
    const dir = path.join(root, name);
    await mkdir(dir);
    await writeFile(path.join(dir, 'index.html'), text(3000));
    await writeFile(path.join(dir, 'app.js'), text(6000));
    return dir;
  };
  const first = await site('first');
  expect(await precompress(first, { storeDir: store })).toEqual({
    written: 4,
    compressed: 2,
    copied: 0,
  });
  const second = await site('second');
  expect(await precompress(second, { storeDir: store })).toEqual({
    written: 4,
    compressed: 0,
    copied: 2,
  });
  for (const form of ['index.html.br', 'index.html.gz', 'app.js.br', 'app.js.gz']) {
    expect(
      (await readFile(path.join(second, form))).equals(await readFile(path.join(first, form))),
    ).toBe(true);
  }
  // A stored form that no longer decodes to its file is not used: compressed again, and replaced.
  for (const name of await readdir(store)) await writeFile(path.join(store, name), 'garbage');
  const third = await site('third');
  expect(await precompress(third, { storeDir: store })).toEqual({
    written: 4,
    compressed: 2,
    copied: 0,
  });
  const body = await readFile(path.join(third, 'app.js'));
  expect(brotliDecompressSync(await readFile(path.join(third, 'app.js.br'))).equals(body)).toBe(
    true,
  );
  expect(await precompress(await site('fourth'), { storeDir: store })).toMatchObject({ copied: 2 });
});
