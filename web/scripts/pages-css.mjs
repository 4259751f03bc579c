// The service and legal pages' own style sheet (src/app/pages/pages.css), compiled as Vite
// compiles the main one (lightningcss, the same targets) so scripts/prerender.mjs can inline it
// in those pages only. Kept out of the main sheet, it is no longer inlined in every landing page:
// 311 B brotli of the first flight on /ru.
import { bundle } from 'lightningcss';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PAGES_CSS = path.join(root, 'src/app/pages/pages.css');

/**
 * Vite 8's default build target ('baseline-widely-available') as lightningcss versions, major
 * in the top byte: Chrome and Edge 111, Firefox 114, Safari 16.4.
 */
const SAFARI = (16 << 16) | (4 << 8);
const TARGETS = {
  chrome: 111 << 16,
  edge: 111 << 16,
  firefox: 114 << 16,
  safari: SAFARI,
  ios_saf: SAFARI,
};

/** The sheet, minified, its @imports inlined. */
export function pagesCss(filename = PAGES_CSS) {
  const { code } = bundle({ filename, minify: true, targets: TARGETS });
  return code.toString('utf8');
}
