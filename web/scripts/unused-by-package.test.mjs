import { SourceMapGenerator } from 'source-map-js';
import { expect, test } from 'vitest';
import { attribute, packageOf } from './unused-by-package.mjs';

test('names the package a source path comes from, scoped ones whole, the site’s own code app', () => {
  expect(packageOf('../node_modules/react-dom/cjs/react-dom-client.production.js')).toBe(
    'react-dom',
  );
  expect(packageOf('../node_modules/@fontsource/x/index.js')).toBe('@fontsource/x');
  expect(packageOf('../node_modules/.pnpm/node_modules/i18next/dist/esm/i18next.js')).toBe(
    'i18next',
  );
  expect(packageOf('../src/app/start.tsx')).toBe('app');
  expect(packageOf('vite/modulepreload-polyfill')).toBe('(bundler)');
  expect(packageOf(null)).toBe('(bundler)');
});

test('each byte goes to the source mapped at or before it, counted unused where it did not run', () => {
  const map = new SourceMapGenerator({ file: 'out.js' });
  const mapping = (line, column, source) =>
    map.addMapping({ generated: { line, column }, original: { line: 1, column: 0 }, source });
  mapping(1, 0, 'node_modules/react-dom/a.js');
  mapping(1, 3, 'src/app.ts');
  mapping(2, 0, 'node_modules/i18next/b.js');
  const code = 'abcde\nfgы';
  // a b c d e \n f g ы: react-dom has a, b, c (b did not run); the app d, e (both ran); i18next
  // f, g, ы (none ran; ы is two bytes). The line break is no one's.
  const used = Uint8Array.from([1, 0, 1, 1, 1, 1, 0, 0, 0]);
  expect(Object.fromEntries(attribute(code, used, map.toJSON()))).toEqual({
    'react-dom': { bytes: 3, unused: 1 },
    app: { bytes: 2, unused: 0 },
    i18next: { bytes: 4, unused: 4 },
  });
});
