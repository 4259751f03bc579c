// The content editor (dist/admin/) is built with the site, and no public page carries any of it.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { dist } from './build.mjs';

/**
 * What gives the content editor away (Sveltia CMS, dist/admin/): its name, its start-up flag and
 * its folder. None of it may be on a public page or in the page's scripts.
 */
export const EDITOR_MARKERS = ['sveltia', 'CMS_MANUAL_INIT', '/admin/'];

export function editorMarkersIn(text) {
  const lower = text.toLowerCase();
  return EDITOR_MARKERS.filter((marker) => lower.includes(marker.toLowerCase()));
}

/** Every public page and script that mentions the editor: `file: marker, …`. */
async function editorOnPublicPages() {
  const found = [];
  for (const folder of ['en', 'ru', 'assets']) {
    for (const name of await readdir(path.join(dist, folder))) {
      if (!/\.(html|js|css)$/.test(name)) continue;
      const markers = editorMarkersIn(await readFile(path.join(dist, folder, name), 'utf8'));
      if (markers.length) found.push(`${folder}/${name}: ${markers.join(', ')}`);
    }
  }
  return found;
}

/** The editor is built with the site, and public pages weigh nothing of it. Returns failures. */
export async function checkEditor() {
  const failures = [];
  const editor = await readFile(path.join(dist, 'admin/sveltia-cms.js')).catch(() => null);
  if (!editor) failures.push('no editor in dist/admin (scripts/build-admin.mjs)');
  const leaks = await editorOnPublicPages();
  console.log(
    `editor: ${editor ? (editor.length / 1024).toFixed(0) : 0} KB in dist/admin, ` +
      `${leaks.length} public files mention it`,
  );
  for (const leak of leaks) failures.push(`the editor reaches a public page: ${leak}`);
  return failures;
}
