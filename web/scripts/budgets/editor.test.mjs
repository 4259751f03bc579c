import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { editorMarkersIn } from './editor.mjs';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test("recognises the editor's page and bundle, and not a public page", async () => {
  const { editorPage } = await import('../build-admin.mjs');
  expect(editorMarkersIn(editorPage('Editor'))).toContain('/admin/');
  expect(editorMarkersIn('window.CMS_MANUAL_INIT = true;')).toEqual(['CMS_MANUAL_INIT']);
  const bundle = await readFile(
    path.join(web, 'node_modules/@sveltia/cms/dist/sveltia-cms.js'),
    'utf8',
  );
  expect(editorMarkersIn(bundle)).toContain('sveltia');
  expect(editorMarkersIn('<a href="/en/privacy">Privacy</a><script src="/assets/a.js">')).toEqual(
    [],
  );
});
