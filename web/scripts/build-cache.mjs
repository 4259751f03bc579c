// Where the build keeps what it can make again from its inputs alone (the case pictures' sizes,
// the emblem's stills, each file's .br and .gz), each entry named by those inputs. In the
// machine's cache (~/.cache/landing/build, beside ccache's and clang-tidy's): a fresh clone then
// copies what an earlier checkout made, where node_modules/.cache starts empty in every clone (a
// fresh clone's gate spent 18 s encoding the seven pictures, 5 s rendering the stills and 5 s
// compressing on 2026-12-07). In node_modules/.cache when there is no home to write to (a
// service's checkout), or with LANDING_BUILD_CACHE, there.
import { mkdir, readdir, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folder of the cache `name`, created if need be. */
export async function buildCacheDir(name, env = process.env) {
  const home = env.XDG_CACHE_HOME || (env.HOME && path.join(env.HOME, '.cache'));
  const roots = [
    env.LANDING_BUILD_CACHE,
    home && path.join(home, 'landing', 'build'),
    path.join(web, 'node_modules', '.cache'),
  ].filter(Boolean);
  for (const root of roots) {
    const dir = path.join(root, name);
    try {
      await mkdir(dir, { recursive: true });
      return dir;
    } catch {
      // Not writable here (a read-only or missing home): the next place.
    }
  }
  throw new Error(`build cache: none of ${roots.join(', ')} can be written`);
}

/**
 * Where to write `entry` before renaming it into place: beside it, dot-named, so a half-written
 * entry is never taken, and a build that stopped half way leaves nothing under the entry's name.
 */
export function asideOf(entry) {
  return path.join(path.dirname(entry), `.${path.basename(entry)}-${process.pid}`);
}

/** Marks an entry (a file or a folder) used now: pruning removes the least recently used first. */
export async function markUsed(entry) {
  const now = new Date();
  await utimes(entry, now, now);
}

/** A build writes an aside within minutes; one older than this was left by a build that stopped. */
const ABANDONED_MS = 60 * 60 * 1000;

/** Keeps the `keep` most recently used entries of the cache folder `dir`, removes the rest. */
export async function keepNewest(dir, keep) {
  const entries = await Promise.all(
    (await readdir(dir)).map(async (name) => ({
      name,
      at: (await stat(path.join(dir, name)).catch(() => ({ mtimeMs: 0 }))).mtimeMs,
    })),
  );
  const asides = entries.filter((e) => e.name.startsWith('.'));
  const done = entries.filter((e) => !e.name.startsWith('.')).sort((a, b) => b.at - a.at);
  const gone = [...done.slice(keep), ...asides.filter((e) => Date.now() - e.at > ABANDONED_MS)];
  await Promise.all(gone.map((e) => rm(path.join(dir, e.name), { recursive: true, force: true })));
}
