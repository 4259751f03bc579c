import { execFile } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { root } from './content';

/**
 * A build whose caches are warm, on two busy cores; a cold one (every case picture encoded, the
 * emblem's stills rendered) took 141 s here, which is what the gate's build stage already runs.
 */
export const BUILD_TIMEOUT_MS = 120_000;

// Not copied: what a build outputs (node_modules is linked, but for its caches below). The built
// picture sizes in public/ are copied with web/: they are a cache too.
const NOT_COPIED = new Set(['node_modules', 'dist', 'dist-ssr']);
// What the build caches in node_modules (tsc's build info, the pictures' hashes): copied, not
// linked, so the copy starts warm as the deploy's checkout does, and neither it nor the
// checkout's next build sees what the other wrote. What the copy changes is built anew: a new
// picture's bytes are in no cache (not in the machine's build cache either, which the copy
// shares: its entries are named by what made them), so its sizes are encoded.
const CACHES_IN_NODE_MODULES = new Set(['.tmp', '.cache']);
// What the build reads from beside web/: the shared contract data and the Chromium flags.
const READ_FROM_ROOT = ['contract', 'scripts'];

export interface WebCopy {
  /** The copy's root, standing where the repository's root stands. */
  dir: string;
  remove(): void;
}

/** web/ in a temporary folder with `files` (paths from the repository's root) written over it. */
export function copyWeb(files: Record<string, Buffer>): WebCopy {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'editor-build-'));
  const web = path.join(root, 'web');
  // Times kept, here and for the caches: tsc's build info compares them with the sources'.
  const copy = (from: string, to: string, filter?: (source: string) => boolean) =>
    cpSync(from, to, { recursive: true, preserveTimestamps: true, ...(filter && { filter }) });
  copy(web, path.join(dir, 'web'), (source) => !NOT_COPIED.has(path.relative(web, source)));
  for (const name of READ_FROM_ROOT) symlinkSync(path.join(root, name), path.join(dir, name));
  const modules = path.join(dir, 'web/node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(path.join(web, 'node_modules'))) {
    const from = path.join(web, 'node_modules', name);
    if (CACHES_IN_NODE_MODULES.has(name)) copy(from, path.join(modules, name));
    else symlinkSync(from, path.join(modules, name));
  }
  for (const [file, bytes] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), bytes);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `npm run build` in the copy's web/; throws with the build's output if it fails. */
export async function buildWeb(copy: WebCopy): Promise<void> {
  try {
    await promisify(execFile)('npm', ['run', 'build'], {
      cwd: path.join(copy.dir, 'web'),
      timeout: BUILD_TIMEOUT_MS,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`npm run build failed: ${(error as Error).message}\n${stdout}\n${stderr}`);
  }
}

/** What web/scripts/case-images.mjs names a picture's sizes by: its name without extension. */
/** `/images/cases/shop.png` → `shop`: the name its built sizes start with. */
export const pictureBase = (picture: string) =>
  path.posix.basename(picture).replace(/\.[^.]+$/, '');

/**
 * The sizes the build made of a case picture (web/scripts/case-images.mjs), as the suffixes of
 * their file names in dist/images/cases/built: `-480.avif`, …
 */
export function builtSizes(copy: WebCopy, picture: string): string[] {
  const base = pictureBase(picture);
  return readdirSync(path.join(copy.dir, 'web/dist/images/cases/built'))
    .filter((name) => name.startsWith(`${base}-`))
    .map((name) => name.slice(base.length))
    .sort();
}

/** A prerendered page of the copy's build, e.g. `en/index.html`. */
export function builtPage(copy: WebCopy, page: string): string {
  return readFileSync(path.join(copy.dir, 'web/dist', page), 'utf8');
}
