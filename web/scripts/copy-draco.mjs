// Copies three.js's Draco decoder (the glTF build: WASM plus its JS wrapper) to
// public/libs/draco/, so the page loads it from our own origin (the CSP allows no CDN).
// The copy is committed; decoder.test.mjs fails when it drifts from the installed three.
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DRACO_SOURCE = path.join(web, 'node_modules/three/examples/jsm/libs/draco/gltf');
export const DRACO_TARGET = path.join(web, 'public/libs/draco');
/** What DRACOLoader fetches when WebAssembly is available (always, in the browsers we serve). */
export const DRACO_FILES = ['draco_wasm_wrapper.js', 'draco_decoder.wasm'];

export async function copyDraco() {
  await mkdir(DRACO_TARGET, { recursive: true });
  for (const file of DRACO_FILES) {
    await copyFile(path.join(DRACO_SOURCE, file), path.join(DRACO_TARGET, file));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await copyDraco();
  console.log(`copied ${DRACO_FILES.join(', ')} to ${path.relative(web, DRACO_TARGET)}`);
}
