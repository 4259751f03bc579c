import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { DOCS_FORBIDDEN } from './docs.mjs';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test("each marker of code a docs page must not load is in that code's own source", async () => {
  const sources = {
    React: 'node_modules/react/cjs/react.production.js',
    'three.js': 'node_modules/three/build/three.module.js',
    "the form's logic": 'node_modules/altcha-lib/package.json',
    'the preloader': 'src/sections/preloader/Preloader.tsx',
  };
  expect(Object.keys(DOCS_FORBIDDEN)).toEqual(Object.keys(sources));
  for (const [what, file] of Object.entries(sources)) {
    expect(await readFile(path.join(web, file), 'utf8'), what).toContain(DOCS_FORBIDDEN[what]);
  }
});
