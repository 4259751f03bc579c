// Writes name.br and name.gz beside every compressible file of the build, so landing-server
// serves compressed answers from its first request on instead of compressing at start (brotli
// at quality 11 takes seconds for the 3D bundle). Node's own zlib does both encodings: no
// dependency needed. The server checks each one decodes to its file before using it.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

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

/** Compresses every compressible file under root; returns how many forms it wrote. */
export async function precompress(root) {
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
        const [br, gzipped] = await Promise.all([
          brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gz(body, { level: 9 }),
        ]);
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
  return (await Promise.all(jobs)).reduce((a, b) => a + b, 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist'),
  );
  const started = performance.now();
  const written = await precompress(root);
  console.log(
    `precompress: ${written} .br/.gz files in ${Math.round(performance.now() - started)} ms`,
  );
}
