// The docs' search index (Pagefind), written to dist/pagefind/ after the prerender: a static
// index split into small fragments, fetched by the page only once its search field is focused,
// so there is no search server and nothing of it loads with a page. Each language is its own
// index (Pagefind reads <html lang>), with Russian stemming for /ru.
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pagefind from 'pagefind';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const out = path.join(dist, 'pagefind');

/** The articles to index, by their URL: the index and the 404 list or say nothing of their own. */
export function articleUrl(file) {
  const match = /^(en|ru)\/docs\/([a-z]+\/[a-z0-9-]+)\.html$/.exec(file);
  return match ? `/${match[1]}/docs/${match[2]}` : null;
}

// Only the search API is used (src/docs/client/search.ts draws its own results): the bundle's
// ready-made interfaces would be files served for nothing.
const UNUSED = /^pagefind-(ui|modular-ui|component-ui|highlight)\b/;

async function main() {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  let count = 0;
  for (const locale of ['en', 'ru']) {
    const root = path.join(dist, locale, 'docs');
    for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path
        .relative(dist, path.join(entry.parentPath, entry.name))
        .split(path.sep)
        .join('/');
      const url = articleUrl(file);
      if (!url) continue;
      const added = await index.addHTMLFile({
        url,
        content: await readFile(path.join(dist, file), 'utf8'),
      });
      if (added.errors.length) throw new Error(`pagefind: ${file}: ${added.errors.join('; ')}`);
      count += 1;
    }
  }
  await rm(out, { recursive: true, force: true });
  const written = await index.writeFiles({ outputPath: out });
  if (written.errors.length) throw new Error(`pagefind: ${written.errors.join('; ')}`);
  await pagefind.close();
  for (const name of await readdir(out)) {
    if (UNUSED.test(name)) await rm(path.join(out, name), { recursive: true });
  }
  console.log(`search: ${count} docs pages indexed in dist/pagefind`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
