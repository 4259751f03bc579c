import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { rewriteDracoUrls } from './vite-plugin-self-hosted-draco.mjs';

const loader = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../node_modules/three/examples/jsm/loaders/DRACOLoader.js',
);

test("points every default decoder URL of three's DRACOLoader at /libs/draco/", async () => {
  const code = rewriteDracoUrls(await readFile(loader, 'utf8'));
  expect(code).not.toContain('import.meta.url');
  expect(code).toContain('"/libs/draco/gltf/draco_decoder.wasm"');
  expect(code).toContain('"/libs/draco/draco_wasm_wrapper.js"');
});
