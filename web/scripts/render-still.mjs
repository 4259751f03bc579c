// Renders the banner's 3D emblem to still images at build time, for browsers that cannot run the
// live scene (no WebGL, or its chunk or model fails to load): BannerModel shows them in the
// canvas's place. The page's own three.js code (src/sections/banner/renderStill.ts) draws them in
// headless Chromium, whose software WebGL (SwiftShader) needs no GPU. Runs after `vite build`:
//   node scripts/render-still.mjs  →  dist/assets/emblem-still-<width>-<key>[@2x].webp
// A second build with the same inputs (scripts/still-key.mjs) copies the images from its cache,
// without even loading Vite, Playwright or sharp.
import { access, constants, cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.mjs';
import { asideOf, buildCacheDir, keepNewest, markUsed } from './build-cache.mjs';
import { readStillKey } from './still-key.mjs';
import { selfHostedDraco } from './vite-plugin-self-hosted-draco.mjs';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
// In the build cache (scripts/build-cache.mjs), shared by every checkout of this machine.
const cacheRoot = await buildCacheDir('emblem-still');
const CACHE_RENDERS = 4;

// SwiftShader gives WebGL without a GPU.
const STILL_FLAGS = [...CHROMIUM_FLAGS, '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
/** A made-up origin: Playwright answers every request of the page, nothing leaves the machine. */
const ORIGIN = 'http://emblem-still.invalid';
const LAUNCH_TIMEOUT_MS = 30_000;
const RENDER_TIMEOUT_MS = 60_000;
/**
 * Lossy colour, lossless-quality edges: the antialiased rim is what shows against the page. More
 * effort than the default saves about 1 % and costs 1.5 s an image.
 */
const WEBP = { quality: 88, alphaQuality: 100 };

/** renderStill.ts and three.js as one ES module, named by the same key as the page's stills. */
async function bundle(key) {
  const { build } = await import('vite');
  const output = await build({
    configFile: false,
    root: web,
    logLevel: 'warn',
    publicDir: false,
    plugins: [selfHostedDraco()],
    define: { __EMBLEM_STILL_KEY__: JSON.stringify(key) },
    build: {
      write: false,
      minify: false,
      reportCompressedSize: false,
      lib: { entry: 'src/sections/banner/renderStill.ts', formats: ['es'], fileName: 'still' },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
  return chunks.find((c) => c.type === 'chunk' && c.isEntry).code;
}

async function requireChromium() {
  try {
    await access(CHROMIUM, constants.X_OK);
  } catch {
    throw new Error(
      `render-still: no Chromium at ${CHROMIUM}. The build renders the emblem's still image in ` +
        'headless Chromium: install it with scripts/deps (Debian: apt-get install chromium), ' +
        'or set CHROMIUM_PATH to another Chromium.',
    );
  }
}

/** Serves the bundle at /still.js and web/public/ (the model, the Draco decoder) as the site does. */
async function answer(route, code) {
  const { pathname } = new URL(route.request().url());
  if (pathname === '/') return route.fulfill({ contentType: 'text/html', body: '<!doctype html>' });
  if (pathname === '/still.js')
    return route.fulfill({ contentType: 'text/javascript', body: code });
  const file = path.join(web, 'public', path.normalize(pathname));
  if (!file.startsWith(path.join(web, 'public') + path.sep)) return route.fulfill({ status: 404 });
  try {
    return await route.fulfill({ body: await readFile(file) });
  } catch {
    return route.fulfill({ status: 404 });
  }
}

/** Renders every still in Chromium; returns [{ path, png }] (PNG bytes). */
async function renderInChromium(code) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: STILL_FLAGS,
    timeout: LAUNCH_TIMEOUT_MS,
  });
  try {
    const page = await browser.newPage();
    const problems = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    await page.route('**/*', (route) => answer(route, code));
    await page.goto(`${ORIGIN}/`);
    let timer;
    const deadline = new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`render-still: no image within ${RENDER_TIMEOUT_MS} ms`)),
        RENDER_TIMEOUT_MS,
      );
    });
    const rendered = page.evaluate(async () => {
      const { renderStills } = await import('/still.js');
      return renderStills();
    });
    const stills = await Promise.race([rendered, deadline]).finally(() => clearTimeout(timer));
    if (problems.length)
      throw new Error(`render-still: the page failed:\n  ${problems.join('\n  ')}`);
    return stills.map(({ path: url, png }) => ({
      path: url,
      png: Buffer.from(png.slice(png.indexOf(',') + 1), 'base64'),
    }));
  } finally {
    await browser.close();
  }
}

/** Renders into the cache under `key`; returns the files' site paths. */
async function renderToCache(key) {
  await requireChromium();
  const stills = await renderInChromium(await bundle(key));
  const { default: sharp } = await import('sharp');
  // Written aside and renamed into place, so a build that stops half way leaves no partial entry.
  const fresh = asideOf(path.join(cacheRoot, key));
  await mkdir(fresh, { recursive: true });
  await Promise.all(
    stills.map(async (still) => {
      const webp = await sharp(still.png).webp(WEBP).toBuffer();
      await writeFile(path.join(fresh, path.basename(still.path)), webp);
    }),
  );
  const paths = stills.map((s) => s.path);
  await writeFile(path.join(fresh, 'paths.json'), JSON.stringify(paths));
  await rm(path.join(cacheRoot, key), { recursive: true, force: true });
  await rename(fresh, path.join(cacheRoot, key));
  // The few latest renders: checkouts share the cache, so each may want its own.
  await keepNewest(cacheRoot, CACHE_RENDERS);
  return paths;
}

async function cachedPaths(key) {
  try {
    return JSON.parse(await readFile(path.join(cacheRoot, key, 'paths.json'), 'utf8'));
  } catch {
    return null;
  }
}

/** Puts the stills for the current inputs into dist, rendering them only when the cache lacks them. */
export async function renderStill() {
  const started = performance.now();
  const key = await readStillKey(web);
  let paths = await cachedPaths(key);
  const cached = paths !== null;
  if (cached) await markUsed(path.join(cacheRoot, key));
  else paths = await renderToCache(key);
  for (const site of paths) {
    const to = path.join(dist, site);
    await mkdir(path.dirname(to), { recursive: true });
    await cp(path.join(cacheRoot, key, path.basename(site)), to);
  }
  const ms = Math.round(performance.now() - started);
  console.log(
    `render-still: ${paths.length} images ${cached ? 'from the cache' : 'rendered'} (${key}) in ${ms} ms`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await renderStill();
