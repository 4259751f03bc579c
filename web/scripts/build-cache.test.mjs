// Where the build cache lives, and what of it is kept.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildCacheDir, keepNewest } from './build-cache.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'build-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (...parts) => path.join(dir, ...parts);

test('the build cache is LANDING_BUILD_CACHE, else the home cache, else node_modules/.cache', async () => {
  const own = at('own');
  expect(await buildCacheDir('x', { LANDING_BUILD_CACHE: own, HOME: at('home') })).toBe(
    path.join(own, 'x'),
  );
  expect(await buildCacheDir('x', { XDG_CACHE_HOME: at('xdg'), HOME: at('home') })).toBe(
    at('xdg', 'landing', 'build', 'x'),
  );
  expect(await buildCacheDir('x', { HOME: at('home') })).toBe(
    at('home', '.cache', 'landing', 'build', 'x'),
  );
  // A home that cannot hold a folder (here a file): the checkout's own cache.
  writeFileSync(at('not-a-folder'), '');
  expect(await buildCacheDir('x', { HOME: at('not-a-folder') })).toBe(
    path.resolve(import.meta.dirname, '..', 'node_modules', '.cache', 'x'),
  );
});

test('pruning keeps the most recently used entries and the asides of builds still writing', async () => {
  const cache = at('cache');
  mkdirSync(cache);
  const made = (name, minutesAgo, folder = false) => {
    if (folder) mkdirSync(path.join(cache, name));
    else writeFileSync(path.join(cache, name), name);
    const when = new Date(Date.now() - minutesAgo * 60_000);
    utimesSync(path.join(cache, name), when, when);
  };
  made('old', 30);
  made('older', 40, true);
  made('newest', 1, true);
  made('new', 5);
  made('.writing-123', 2, true);
  made('.abandoned-456', 90);
  await keepNewest(cache, 2);
  expect(readdirSync(cache).sort()).toEqual(['.writing-123', 'new', 'newest']);
});
