import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// The arrows between the e2e folders point one way: tests use journeys, support and engines;
// journeys use support and engines; support uses engines; engines (how each browser is driven,
// and what counts as a problem on a page) use none of them. No browser or server is needed to
// check it.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Folders a file in `from` may not import from. */
const FORBIDDEN: Record<string, readonly string[]> = {
  engines: ['support', 'journeys', 'tests'],
  support: ['journeys', 'tests'],
  journeys: ['tests'],
};

/** Every relative module a TypeScript source names in an import, export … from, or import(). */
function importedPaths(source: string): string[] {
  const pattern = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
  return [...source.matchAll(pattern)].map((match) => match[1]!);
}

/** `file: specifier` for each import of a file under `folder` that reaches a forbidden folder. */
function wrongImports(folder: string, files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, source] of Object.entries(files)) {
    for (const specifier of importedPaths(source)) {
      const target = path.relative(root, path.resolve(root, folder, path.dirname(file), specifier));
      const top = target.split(path.sep)[0]!;
      if (FORBIDDEN[folder]!.includes(top)) found.push(`${folder}/${file}: ${specifier}`);
    }
  }
  return found;
}

function sources(folder: string): Record<string, string> {
  const dir = path.join(root, folder);
  const names = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) =>
    name.endsWith('.ts'),
  );
  return Object.fromEntries(
    names.map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]),
  );
}

for (const folder of Object.keys(FORBIDDEN)) {
  test(`${folder}/ imports nothing from ${FORBIDDEN[folder]!.join('/ or ')}/`, () => {
    const files = sources(folder);
    expect(Object.keys(files).length).toBeGreaterThan(0);
    expect(wrongImports(folder, files)).toEqual([]);
  });
}

test('the check finds a planted import of journeys/ in support/ and lets support/ use itself', () => {
  const planted = {
    'landing.ts': [
      "import { sendLeadThroughForm } from '../journeys/lead';",
      "export { thing } from '../tests/form.spec';",
      "const later = await import('../journeys/banner');",
      "import { until } from './wait';",
      "import type { Tab } from '../engines/tab';",
    ].join('\n'),
  };
  expect(wrongImports('support', planted)).toEqual([
    'support/landing.ts: ../journeys/lead',
    'support/landing.ts: ../tests/form.spec',
    'support/landing.ts: ../journeys/banner',
  ]);
});

test('the check finds a planted import of support/ in engines/', () => {
  const planted = {
    'playwright.ts': [
      "import { watchPage } from '../support/problems';",
      "import { watchPage as same } from './problems';",
    ].join('\n'),
  };
  expect(wrongImports('engines', planted)).toEqual(['engines/playwright.ts: ../support/problems']);
});
