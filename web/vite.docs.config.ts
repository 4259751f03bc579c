import { defineConfig } from 'vite';

// The docs pages' script and style sheet, built apart from the landing page: a second entry in
// the landing's build would share chunks with it (the visit's first touch, the store's key) and
// change what the landing page loads, and its one-sheet rule (cssCodeSplit: false) would pour
// the docs' styles into the sheet every landing page inlines. Run after the landing's build,
// into the same dist/ (scripts/prerender.mjs reads this manifest).
export default defineConfig({
  envPrefix: ['VITE_', 'SITE_ORIGIN'],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    manifest: '.vite/docs-manifest.json',
    rollupOptions: {
      input: { 'docs-page': 'src/docs/client/main.ts' },
    },
    // Fonts stay files: the CSP's font-src 'self' refuses data: URLs.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
  },
});
