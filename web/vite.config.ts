import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { readStillKey } from './scripts/still-key.mjs';
import { selfHostedDraco } from './scripts/vite-plugin-self-hosted-draco.mjs';

// The page names the emblem's still images (src/lib/still.ts) by the hash of what decides their
// pixels; scripts/render-still.mjs renders them under the same names after `vite build`. Hashing
// the inputs, not the images, is what lets the page know the names before the images exist.
const stillKey = await readStillKey(fileURLToPath(new URL('.', import.meta.url)));

export default defineConfig({
  // selfHostedDraco: the page uses the decoder in public/libs/draco/, so the build must not
  // carry a second hashed copy of it.
  plugins: [react(), selfHostedDraco()],
  // SITE_ORIGIN (read in src/app/site.ts) sets the origin of canonical and share URLs at build.
  envPrefix: ['VITE_', 'SITE_ORIGIN'],
  define: { __EMBLEM_STILL_KEY__: JSON.stringify(stillKey) },
  build: {
    // The prerender step reads the manifest to find each page's entry and preloads.
    manifest: true,
    // The one big chunk is the 3D scene (three.js), loaded lazily after the page is interactive.
    chunkSizeWarningLimit: 1100,
    // Fonts stay files: the CSP's font-src 'self' refuses data: URLs.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}'],
  },
});
