import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // SITE_ORIGIN (read in src/app/site.ts) sets the origin of canonical and share URLs at build.
  envPrefix: ['VITE_', 'SITE_ORIGIN'],
  build: {
    // The prerender step reads the manifest to find each page's entry and preloads.
    manifest: true,
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
