// Writes one static HTML page per locale from the SSR bundle, so the page's text is in the
// first response and the browser hydrates it instead of rendering from scratch.
import { readFile, writeFile, mkdir, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const ssrDir = path.join(root, 'dist-ssr');
const { render } = await import(path.join(ssrDir, 'entry-server.js'));
const template = await readFile(path.join(dist, 'index.html'), 'utf8');

for (const locale of ['en', 'ru']) {
  const { html, head } = render(locale);
  const page = template
    .replace('<html lang="en">', `<html lang="${locale}">`)
    .replace('<!--app-head-->', head)
    .replace('<!--app-html-->', html);
  await mkdir(path.join(dist, locale), { recursive: true });
  await writeFile(path.join(dist, locale, 'index.html'), page);
}
// The template itself is never served: every page is a prerendered locale page.
await rm(path.join(dist, 'index.html'));
await rm(ssrDir, { recursive: true, force: true });
console.log('prerendered dist/en/index.html and dist/ru/index.html');
