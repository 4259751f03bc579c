// Writes the static pages from the SSR bundle: each locale's landing page (hydrated by the
// client), the docs pages (src/content/docs) with their link previews, the script-free 404,
// thanks, form-error, form-unavailable and form-needs-script pages, the script-free privacy
// policy and consent text, robots.txt, sitemap.xml and the consent versions. The page's
// text is in the first response; the browser hydrates it instead of rendering from scratch.
import { readFile, writeFile, mkdir, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import { checkConsentFile } from './consent-file.mjs';
import { fillPage } from './fill-page.mjs';
import { inlineScriptSources } from './inline-scripts.mjs';
import { facesForText, fontPreloadTags, visibleText } from './font-preloads.mjs';
import { ogKey, renderOgImage } from './og-docs.mjs';
import { pagesCss } from './pages-css.mjs';
import { SPECULATION_RULES_FILE, speculationRules } from './speculation-rules.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const ssrDir = path.join(root, 'dist-ssr');
const ssr = await import(path.join(ssrDir, 'entry-server.js'));
if (!ssr.PRELOADING_CLASS) throw new Error('entry-server exports no PRELOADING_CLASS');
const template = await readFile(path.join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

// The cut font faces (scripts/fonts.mjs) and their file names in the build.
const FACE_DIR = 'src/app/fonts/built';
const faces = JSON.parse(await readFile(path.join(root, FACE_DIR, 'faces.json'), 'utf8'));

/**
 * Preloads of the font faces a landing page's text is drawn with (Manrope for the body, Unbounded
 * for the headings, each in the page's scripts): text is painted in its own font from the start
 * instead of swapping a moment later, and a /en page fetches no Cyrillic.
 */
function fontPreloads(page) {
  return fontPreloadTags(facesForText(faces, visibleText(page)), manifest, FACE_DIR);
}

// The landing pages carry their style sheet inline: one request less before the first paint
// (the CSP allows inline styles; of inline scripts, only those hashed below). First in their
// head, the script that decides before the first paint whether the intro plays
// (src/lib/introOnce.ts).
const stylesheet = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/;
const [, cssFile] = template.match(stylesheet) ?? [];
const css = cssFile ? await readFile(path.join(dist, cssFile), 'utf8') : null;
const homeTemplate = (
  css ? template.replace(stylesheet, () => `<style>${css}</style>`) : template
).replace(
  '<!--app-head-->',
  () => `<script>${ssr.INTRO_ONCE_SCRIPT}</script>\n    <!--app-head-->`,
);

// The service pages work without scripts, so they carry only the style sheet. Nor do they carry
// the funnel's no-JavaScript image (index.html's <noscript>): it counts an arrival on the landing
// page, and a thanks or 404 page after it is none (a form post's lead counts itself).
const NOSCRIPT_ARRIVAL = /\s*<noscript>\s*<picture>[\s\S]*?<\/noscript>/;
if (!NOSCRIPT_ARRIVAL.test(template)) throw new Error("index.html lacks the funnel's <noscript>");
// Their own rules (src/app/pages/pages.css) come after the main sheet, inline.
if (!cssFile) throw new Error('index.html links no style sheet for the service pages');
const staticTemplate = template
  .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  .replace(NOSCRIPT_ARRIVAL, '')
  .replace(stylesheet, (link) => `${link}\n    <style>${pagesCss()}</style>`);

const written = [];
// Every inline script of every page written, for the CSP (scripts/inline-scripts.mjs).
const scriptSources = new Set();
async function write(file, content) {
  await mkdir(path.dirname(path.join(dist, file)), { recursive: true });
  await writeFile(path.join(dist, file), content);
  written.push(file);
  if (file.endsWith('.html'))
    for (const each of inlineScriptSources(content)) scriptSources.add(each);
}

const consentPages = {};
for (const locale of ssr.LOCALES) {
  // Only the landing pages show the preloader, so only they start with the page locked.
  const home = fillPage(homeTemplate, locale, ssr.render(locale), ssr.PRELOADING_CLASS);
  // No preload of the app's script or of the page's messages: both are fetched after the first
  // paint (src/entry-client.tsx), so nothing but the fonts competes with the page's first bytes.
  await write(`${locale}/index.html`, home.replace('</title>', `</title>${fontPreloads(home)}`));
  consentPages[locale] = { landing: home };
  for (const [kind, file] of [
    ['notFound', '404.html'],
    ['thanks', 'thanks.html'],
    ['formError', 'form-error.html'],
    ['formUnavailable', 'form-unavailable.html'],
    ['formNeedsScript', 'form-needs-script.html'],
  ]) {
    const page = fillPage(staticTemplate, locale, ssr.renderStatic(kind, locale));
    await write(`${locale}/${file}`, page);
  }
  for (const kind of ssr.LEGAL_KINDS) {
    const page = fillPage(staticTemplate, locale, await ssr.renderLegal(kind, locale));
    await write(`${locale}/${kind}.html`, page);
    if (kind === 'consent') consentPages[locale].consent = page;
  }
}

// The docs pages: static HTML with their own inlined style sheet and one small module script
// (vite.docs.config.ts built both); no React runs on them.
const docsManifestFile = path.join(dist, '.vite', 'docs-manifest.json');
const docsManifest = JSON.parse(await readFile(docsManifestFile, 'utf8'));
const docsEntry = docsManifest['src/docs/client/main.ts'];
if (!docsEntry) throw new Error('the docs build made no entry for src/docs/client/main.ts');
const docsCss = (
  await Promise.all((docsEntry.css ?? []).map((file) => readFile(path.join(dist, file), 'utf8')))
).join('');
// Inlined, so the files themselves are never loaded: they are not served either.
for (const file of docsEntry.css ?? []) await rm(path.join(dist, file));
const docsTemplate = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <!--app-head-->
    <style>${docsCss}</style>
    <script type="module" src="/${docsEntry.file}"></script>
  </head>
  <body>
    <!--app-html-->
  </body>
</html>
`;
const docs = await ssr.loadDocs(root);
// Each article's link preview, drawn once per title and section: a build with the same words
// copies it from the cache (about 0.1 s an image otherwise). The cache is the user's, beside
// clang-tidy's, so a fresh clone (the CI's) finds the images its last build drew.
const ogCache = path.join(
  process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'),
  'landing',
  'docs-og',
);
await mkdir(ogCache, { recursive: true });
let drawn = 0;
for (const page of ssr.renderDocs(docs)) {
  const filled = fillPage(docsTemplate, page.locale, page);
  await write(page.file, filled.replace('</title>', `</title>${fontPreloads(filled)}`));
  if (!page.preview) continue;
  const { path: imagePath, ...preview } = page.preview;
  const cached = path.join(ogCache, `${await ogKey({ ...preview, locale: page.locale })}.png`);
  let png = await readFile(cached).catch(() => null);
  if (!png) {
    png = await renderOgImage({ ...preview, locale: page.locale });
    await writeFile(cached, png);
    drawn += 1;
  }
  await write(imagePath.slice(1), png);
}
console.log(
  `docs: link previews drawn ${drawn}, from the cache ${written.filter((f) => f.endsWith('.png')).length - drawn}`,
);

// For landing-server, which refuses a lead in a required locale without one of these versions.
// A dotfile, so it is read from disk but never served; checked against the pages first.
const consent = await ssr.buildConsentFile();
const { problems, warnings } = checkConsentFile({
  file: consent,
  pages: consentPages,
  texts: Object.fromEntries(ssr.LOCALES.map((locale) => [locale, ssr.consentText(locale)])),
  history: ssr.consentHistory,
  historyFile: ssr.HISTORY_FILE,
});
for (const warning of warnings) console.warn(`consent: ${warning}`);
if (problems.length) throw new Error(`consent versions disagree:\n  ${problems.join('\n  ')}`);
await write('.consent.json', `${JSON.stringify(consent)}\n`);
// Named by landing-server's Speculation-Rules header on every page (scripts/speculation-rules.mjs).
await write(SPECULATION_RULES_FILE, `${JSON.stringify(speculationRules(ssr.LOCALES))}\n`);
await write('robots.txt', ssr.buildRobots());
await write('sitemap.xml', ssr.buildSiteMap(docs));
// For landing-server, which answers only requests for this origin's host by default and sends
// other hosts' page requests here. A dotfile, so it is read from disk but never served.
// And the hashes its policy allows inline scripts by (server/src/site/manifest.hpp).
await write(
  '.site.json',
  `${JSON.stringify({ origin: ssr.SITE_ORIGIN, scriptSources: [...scriptSources] })}\n`,
);

// Only prerendered pages are served: not the template, the manifest or the SSR bundle.
await rm(path.join(dist, 'index.html'));
await rm(path.join(dist, '.vite'), { recursive: true, force: true });
await rm(ssrDir, { recursive: true, force: true });
console.log(`prerendered for ${ssr.SITE_ORIGIN}: ${written.join(', ')}`);
