// Which packages hold the JavaScript that has not run once a page has hydrated and idled: the
// share check-budgets.mjs limits, split by where each byte came from (react-dom, i18next, the
// app's own src/). It needs a build with source maps, which production builds do not ship:
//
//   SOURCEMAP=1 npm run build && node scripts/unused-by-package.mjs [en ru]
//
// Then `npm run build` again before the site is served or the budgets are checked.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceMapConsumer } from 'source-map-js';
import { pageCoverage, usedMask, utf8Size } from './js-coverage.mjs';

/** The npm package a source path belongs to, `app` for the site's own code. */
export function packageOf(source) {
  if (!source) return '(bundler)';
  // The innermost node_modules: a dependency's own copy of a package is that package.
  const match = [...source.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)].at(-1);
  if (match) return match[1];
  return /(^|\/)src\//.test(source) ? 'app' : '(bundler)';
}

/**
 * UTF-8 bytes and unused bytes of `code` per package, given which characters ran (`used`, from
 * usedMask) and the script's source map. A character belongs to the source of the nearest
 * mapping at or before it.
 */
export function attribute(code, used, map) {
  const consumer = new SourceMapConsumer(map);
  const out = new Map();
  let line = 1;
  let column = 0;
  for (let i = 0; i < code.length; i++) {
    if (code[i] === '\n') {
      line++;
      column = 0;
      continue;
    }
    const { source } = consumer.originalPositionFor({
      line,
      column,
      bias: SourceMapConsumer.GREATEST_LOWER_BOUND,
    });
    const name = packageOf(source);
    const sums = out.get(name) ?? { bytes: 0, unused: 0 };
    const size = utf8Size(code.charCodeAt(i));
    sums.bytes += size;
    if (!used[i]) sums.unused += size;
    out.set(name, sums);
    column++;
  }
  return out;
}

async function main() {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
  const locales = process.argv.slice(2).length ? process.argv.slice(2) : ['en', 'ru'];
  const coverage = await pageCoverage({ dist, locales });
  for (const locale of locales) {
    const rows = [];
    for (const [file, functions] of Object.entries(coverage[locale])) {
      const code = await readFile(path.join(dist, file), 'utf8');
      const map = await readFile(path.join(dist, `${file}.map`), 'utf8').catch(() => null);
      if (!map) {
        throw new Error(`${file} has no source map: build with SOURCEMAP=1 npm run build first`);
      }
      for (const [name, sums] of attribute(code, usedMask(code.length, functions), JSON.parse(map)))
        rows.push({ file: path.basename(file).replace(/-[\w-]{8}\.js$/, ''), name, ...sums });
    }
    const total = rows.reduce((sum, row) => sum + row.bytes, 0);
    const unused = rows.reduce((sum, row) => sum + row.unused, 0);
    console.log(
      `/${locale}: ${unused} of ${total} B unused (${((100 * unused) / total).toFixed(1)} %)`,
    );
    for (const row of rows.sort((a, b) => b.unused - a.unused).filter((r) => r.bytes >= 512)) {
      const own = ((100 * row.unused) / row.bytes).toFixed(0);
      const all = ((100 * row.unused) / total).toFixed(1);
      console.log(
        `  ${`${row.file} ${row.name}`.padEnd(34)} ${String(row.bytes).padStart(7)} B, ` +
          `${String(row.unused).padStart(6)} B unused (${own} % of it, ${all} % of the page's)`,
      );
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
