// The built site as the budgets read it: where it is, a built asset's source name, and sizes.
import { brotliCompressSync, constants } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

/** A built asset's source name: `/assets/manrope-latin-a1B2.woff2` is `manrope-latin.woff2`. */
export function sourceName(url) {
  return path.posix.basename(url).replace(/-[\w-]{8}(\.\w+)$/, '$1');
}

export function brotliSize(buffer) {
  return brotliCompressSync(buffer, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
}

/** The total size of `[file, code]` pairs, by `size` of each code. */
export const sum = (files, size) => files.reduce((total, [, code]) => total + size(code), 0);
