// The emblem's still images are named by a hash of everything that decides their pixels, known
// before anything is rendered: vite.config.ts gives it to the page (__EMBLEM_STILL_KEY__), so the
// page knows the images' names, and render-still.mjs renders under it, or copies the images from
// its cache when a render with that key is already there.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** Files, relative to web/, that decide how the stills look and where they are served. */
export const STILL_INPUTS = [
  'public/models/emblem.glb',
  'src/sections/banner/emblemLook.ts',
  'src/sections/banner/scene.ts',
  'src/sections/banner/still.ts',
  'src/sections/banner/loadEmblem.ts',
  'src/sections/banner/renderStill.ts',
  'scripts/render-still.mjs',
  // three's version: its shaders and tone mapping are part of the look.
  'node_modules/three/package.json',
];

/** A short hash of [name, bytes] pairs; names are hashed too, so moving bytes between files counts. */
export function stillKey(inputs) {
  const hash = createHash('sha256');
  for (const [name, bytes] of inputs) {
    hash.update(`${name}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  return hash.digest('hex').slice(0, 12);
}

/** The key of the stills as the files under `web` stand now. */
export async function readStillKey(web) {
  const inputs = await Promise.all(
    STILL_INPUTS.map(async (name) => [name, await readFile(path.join(web, name))]),
  );
  return stillKey(inputs);
}
