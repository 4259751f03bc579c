import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { selfHostedDraco } from './scripts/vite-plugin-self-hosted-draco.mjs';

export default defineConfig({
  // selfHostedDraco: the page uses the decoder in public/libs/draco/, so the build must not
  // carry a second hashed copy of it.
  plugins: [react(), selfHostedDraco()],
  // SITE_ORIGIN (read in src/app/site.ts) sets the origin of canonical and share URLs at build.
  envPrefix: ['VITE_', 'SITE_ORIGIN'],
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
