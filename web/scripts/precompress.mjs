// Writes name.br and name.gz beside every compressible file of the build, so landing-server
// serves compressed answers from its first request on instead of compressing at start (brotli
// at quality 11 takes seconds for the 3D bundle). Node's own zlib does both encodings: no
// dependency needed. The server checks each one decodes to its file before using it.
// Both forms of every file compressed on this machine are kept in the build cache
// (scripts/build-cache.mjs), named by the file's hash: a build after a small change, or a fresh
// clone's, compresses only what changed (all 170 forms took 5 s of both cores each build).
import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { brotliCompress, brotliDecompressSync, constants, gunzipSync, gzip } from 'node:zlib';
import { asideOf, buildCacheDir, keepNewest, markUsed } from './build-cache.mjs';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/** What else decides the forms' bytes: stored forms are named by it and the file's hash. */
const ENCODING = createHash('sha256')
  .update(JSON.stringify({ brotli: 11, gzip: 9, zlib: process.versions.zlib }))
  .digest('hex')
  .slice(0, 8);
/** Stored forms kept (two a file): the builds of a few dozen versions of the site. */
const STORED = 4000;

/** Extensions the server marks compressible (server/src/site/mime.cpp); the rest are already. */
export const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.webmanifest',
  '.txt',
  '.xml',
  '.svg',
  '.ico',
  '.wasm',
  '.glb',
  '.gltf',
  '.bin',
  '.ttf',
  '.otf',
]);
/** Below this the server does not compress either: the headers outweigh the saving. */
export const MIN_BYTES = 257;

async function* files(folder) {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    // Dotfiles are build internals the server never serves.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

async function compress(body) {
  return Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gz(body, { level: 9 }),
  ]);
}

/** The stored forms of `body`, if both are there and decode to it; else null. */
async function storedForms(base, body) {
  try {
    const [br, gzipped] = await Promise.all([readFile(`${base}.br`), readFile(`${base}.gz`)]);
    if (!brotliDecompressSync(br).equals(body) || !gunzipSync(gzipped).equals(body)) return null;
    await Promise.all([markUsed(`${base}.br`), markUsed(`${base}.gz`)]);
    return [br, gzipped];
  } catch {
    return null;
  }
}

/** Both forms of `body`: from the store when it has them, else compressed (and stored). */
async function forms(body, storeDir, counts) {
  if (!storeDir) {
    counts.compressed += 1;
    return compress(body);
  }
  const base = path.join(
    storeDir,
    `${createHash('sha256').update(body).digest('hex')}-${ENCODING}`,
  );
  const stored = await storedForms(base, body);
  if (stored) {
    counts.copied += 1;
    return stored;
  }
  const made = await compress(body);
  counts.compressed += 1;
  // Each written aside and renamed into place: a reader never sees half a form.
  await Promise.all(
    ['.br', '.gz'].map(async (suffix, i) => {
      const aside = asideOf(base + suffix);
      await writeFile(aside, made[i]);
      await rename(aside, base + suffix);
    }),
  );
  return made;
}

/**
 * Compresses every compressible file under root, taking what `storeDir` (the build cache) has;
 * returns how many forms it wrote, and how many files it compressed and found stored.
 */
export async function precompress(root, { storeDir } = {}) {
  const counts = { compressed: 0, copied: 0 };
  const all = [];
  for await (const file of files(root)) all.push(file);
  const present = new Set(all);
  const jobs = [];
  for (const file of all) {
    const ext = path.extname(file);
    if (ext === '.br' || ext === '.gz') {
      // A leftover of a file that is gone would be served by nothing; drop it.
      if (!present.has(file.slice(0, -ext.length))) jobs.push(rm(file).then(() => 0));
      continue;
    }
    if (!COMPRESSIBLE.has(ext)) continue;
    jobs.push(
      readFile(file).then(async (body) => {
        if (body.length < MIN_BYTES) return 0;
        const [br, gzipped] = await forms(body, storeDir, counts);
        let written = 0;
        for (const [suffix, data] of [
          ['.br', br],
          ['.gz', gzipped],
        ]) {
          // Not smaller: the server sends the file itself, so a stale form must not linger.
          if (data.length < body.length) {
            await writeFile(file + suffix, data);
            written += 1;
          } else {
            await rm(file + suffix, { force: true });
          }
        }
        return written;
      }),
    );
  }
  const written = (await Promise.all(jobs)).reduce((a, b) => a + b, 0);
  if (storeDir) await keepNewest(storeDir, STORED);
  return { written, ...counts };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist'),
  );
  const started = performance.now();
  const { written, compressed, copied } = await precompress(root, {
    storeDir: await buildCacheDir('precompress'),
  });
  console.log(
    `precompress: ${written} .br/.gz files, of ${compressed + copied} files: ${compressed} ` +
      `compressed, ${copied} from the build cache, in ${Math.round(performance.now() - started)} ms`,
  );
}
