import { loadEnv, runnerImport } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { readStillKey } from './scripts/still-key.mjs';
import { selfHostedDraco } from './scripts/vite-plugin-self-hosted-draco.mjs';
import { parseSampleRate } from './src/vitals/sampleRate.ts';

// The page names the emblem's still images (src/sections/banner/still.ts) by the hash of what decides their
// pixels; scripts/render-still.mjs renders them under the same names after `vite build`. Hashing
// the inputs, not the images, is what lets the page know the names before the images exist.
const stillKey = await readStillKey(fileURLToPath(new URL('.', import.meta.url)));

// The version of each locale's consent text (the hash of its text, operator's details filled
// in). Loading the texts checks src/legal/operator.json: a missing field fails the build here.
const { module: legal } = await runnerImport<typeof import('./src/legal/build.ts')>(
  fileURLToPath(new URL('./src/legal/build.ts', import.meta.url)),
  { configFile: false, logLevel: 'silent' },
);
const consentVersions = await legal.currentConsentVersions();

const TESTS = ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}'];
// Test files that need Node's own realm (the projects below): the config's own test runs Vite's
// native resolver, the proof's form test hands WebCrypto's bytes to altcha-lib, and the content
// check's and the case pictures' tests hand sharp their pictures (over 10 s in a VM context).
const OWN_REALM = [
  'scripts/vite-config.test.mjs',
  'src/sections/contact/proof/form.test.tsx',
  'src/content/check.test.ts',
  'scripts/case-images.test.mjs',
];

export default defineConfig(({ mode }) => {
  // A VITE_RUM_SAMPLE_RATE that is not a number from 0 to 1 fails the build (and the dev server)
  // with the reason, rather than ship a page that measures nobody or everybody by mistake.
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const sampleRate = parseSampleRate(env.VITE_RUM_SAMPLE_RATE);
  // The same for VITE_CONSENT_LOCALES: a typo must not drop the checkbox Russian law asks for.
  const consentLocales = legal.parseConsentLocales(env.VITE_CONSENT_LOCALES);

  return {
    // Checked numbers and names in the bundle, so the page carries no parsing of its own.
    define: {
      __RUM_SAMPLE_RATE__: JSON.stringify(sampleRate),
      __EMBLEM_STILL_KEY__: JSON.stringify(stillKey),
      // Only the locales whose form shows the checkbox, each with the version it sends.
      __CONSENT__: JSON.stringify(
        Object.fromEntries(consentLocales.map((locale) => [locale, consentVersions[locale]])),
      ),
    },
    // selfHostedDraco: the page uses the decoder in public/libs/draco/, so the build must not
    // carry a second hashed copy of it.
    plugins: [react(), selfHostedDraco()],
    // SITE_ORIGIN (read in src/app/site.ts) sets the origin of canonical and share URLs at build.
    envPrefix: ['VITE_', 'SITE_ORIGIN'],
    build: {
      // The prerender step reads the manifest to find each page's entry and preloads.
      manifest: true,
      // No modulepreload polyfill in the start-up script: the prerender takes the pages'
      // modulepreload links out, and the app's chunks are preloaded by the dynamic import's own
      // helper, which a browser without modulepreload (Safari before 17) simply does not act on.
      // It was 0.2 KB brotli on the critical path, before the first paint.
      modulePreload: { polyfill: false },
      // Only to see which package holds the unused JavaScript (scripts/unused-by-package.mjs).
      sourcemap: process.env.SOURCEMAP === '1',
      // One style sheet for the whole page, inlined by the prerender: the app's script comes after
      // the first paint (src/entry-client.tsx), so no section's styles may come with it.
      cssCodeSplit: false,
      // The one big chunk is the 3D scene (three.js), loaded lazily after the page is interactive.
      chunkSizeWarningLimit: 1100,
      // Fonts stay files: the CSP's font-src 'self' refuses data: URLs.
      assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
    },
    // The contact form's proof-of-work worker (src/sections/contact/proof/) is started as a
    // module worker, so it is built as an ES module rather than Vite's default IIFE.
    worker: { format: 'es' },
    test: {
      // Vitest leaves a core free by default, which on the two-core CI machine is one worker;
      // most of a file's time is jsdom's set-up, so one worker a core halves the run (86 s to 52 s).
      maxWorkers: Math.max(2, availableParallelism()),
      // Node by default: a jsdom per file was most of the run (93 s of set-up over 98 files, 57
      // of which never touch a DOM). A file that renders or reads the page opts in with
      // `// @vitest-environment jsdom` on its first line; without it, it fails at once with
      // "document is not defined" (or window, navigator…).
      environment: 'node',
      globals: true,
      setupFiles: ['./src/test/setup.ts'],
      // Each file in a VM context of a reused worker thread rather than a fresh module graph in a
      // child process: jsdom's set-up per file was half the run (37 of 74 s on 2026-12-07, two
      // cores), and the whole run takes 35 s this way. A VM context is a realm of its own, so a
      // file whose code hands values to Node's own modules or to native bindings (their
      // `instanceof RegExp` or `Uint8Array` sees another realm's class) runs in plain threads.
      projects: [
        {
          extends: true,
          test: {
            name: 'vm',
            pool: 'vmThreads',
            include: TESTS,
            exclude: [...configDefaults.exclude, ...OWN_REALM],
          },
        },
        { extends: true, test: { name: 'realm', pool: 'threads', include: OWN_REALM } },
      ],
    },
  };
});
