// The layering in eslint.config.js is only worth having if it fires: each test lints a planted
// file at a path inside src/ (the file need not exist; what it imports must) and reads the report.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { expect, test } from 'vitest';

const web = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: web });

/** The problems ESLint finds in `code` as if it were the file `file` (relative to web/). */
async function lint(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(web, file) });
  return result.messages.map((m) => ({ rule: m.ruleId, line: m.line, message: m.message }));
}

/** A module that imports each specifier and uses what it imports. */
const importing = (...specifiers) =>
  specifiers.map((s, i) => `import * as m${i} from '${s}';`).join('\n') +
  `\nexport const used = [${specifiers.map((_, i) => `m${i}`).join(', ')}];\n`;

const zone = (line, importPath) => ({
  rule: 'import-x/no-restricted-paths',
  line,
  message: expect.stringContaining(`Unexpected path "${importPath}" imported in restricted zone`),
});

test('a section importing another section is reported', async () => {
  const problems = await lint('src/sections/footer/Planted.ts', importing('../cases/Cases'));
  expect(problems).toEqual([zone(1, '../cases/Cases')]);
  expect(problems[0].message).toContain('A section imports no other section');
});

test('lib/ importing a section, a component or React is reported', async () => {
  const code = importing('../sections/cases/CaseCard', '../components/SocialLinks', 'react');
  expect(await lint('src/lib/planted.ts', code)).toEqual([
    zone(1, '../sections/cases/CaseCard'),
    zone(2, '../components/SocialLinks'),
    {
      rule: 'no-restricted-imports',
      line: 3,
      message: expect.stringContaining('lib/ holds pure helpers with no React'),
    },
  ]);
});

test('components/ importing a section or app/, and a section importing app/, are reported', async () => {
  const shared = importing('../sections/header/navigation', '../app/site');
  expect(await lint('src/components/Planted.ts', shared)).toEqual([
    zone(1, '../sections/header/navigation'),
    zone(2, '../app/site'),
  ]);
  expect(await lint('src/sections/about/Planted.ts', importing('../../app/site'))).toEqual([
    zone(1, '../../app/site'),
  ]);
});

test('source/ importing the page, a section or vitals/ is reported; the form and the beacon may read it', async () => {
  const code = importing('../app/site', '../sections/contact/contactApi', '../vitals/payload');
  const problems = await lint('src/source/planted.ts', code);
  expect(problems).toEqual([
    zone(1, '../app/site'),
    zone(2, '../sections/contact/contactApi'),
    zone(3, '../vitals/payload'),
  ]);
  expect(problems[0].message).toContain('source/ records where the visit came from');
  expect(await lint('src/source/planted.ts', importing('./capture', '../lib/privacy'))).toEqual([]);
  const reader = importing('../../source/session');
  expect(await lint('src/sections/contact/Planted.ts', reader)).toEqual([]);
  expect(await lint('src/vitals/planted.ts', importing('../source/session'))).toEqual([]);
});

test.each(['vitals', 'i18n', 'store', 'legal', 'source'])(
  '%s/ importing app/ or a section is reported',
  async (folder) => {
    const code = importing('../app/site', '../sections/contact/contactApi');
    expect(await lint(`src/${folder}/planted.ts`, code)).toEqual([
      zone(1, '../app/site'),
      zone(2, '../sections/contact/contactApi'),
    ]);
  },
);

test('a cycle of two modules is reported', async () => {
  // no-cycle reads the imported modules from disk, so both files must exist. They are planted in
  // a tree of their own, linted with this config, rather than in src/, where a lint or a build
  // running beside the tests would see them.
  const root = mkdtempSync(path.join(tmpdir(), 'eslint-cycle-'));
  try {
    mkdirSync(path.join(root, 'src/lib'), { recursive: true });
    writeFileSync(path.join(root, 'src/lib/first.ts'), importing('./second'));
    writeFileSync(path.join(root, 'src/lib/second.ts'), importing('./first'));
    const planted = new ESLint({
      cwd: root,
      overrideConfigFile: path.join(web, 'eslint.config.js'),
    });
    const [result] = await planted.lintFiles(['src/lib/first.ts']);
    expect(result.messages.map((m) => ({ rule: m.ruleId, line: m.line }))).toEqual([
      { rule: 'import-x/no-cycle', line: 1 },
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('the allowed directions pass: a section uses itself, lib/, components/; app/ uses sections', async () => {
  const section = importing(
    './cases',
    '../../lib/docs',
    '../../content/types',
    '../../components/useMediaQuery',
    '../../store/docs',
    '../../i18n/i18n',
  );
  expect(await lint('src/sections/cases/Planted.ts', section)).toEqual([]);
  expect(await lint('src/lib/planted.ts', importing('./constants', './locale'))).toEqual([]);
  expect(await lint('src/components/Planted.ts', importing('../lib/motion'))).toEqual([]);
  expect(await lint('src/app/Planted.ts', importing('../sections/cases/Cases'))).toEqual([]);
});

test("the landing's code importing docs/ is reported; app/ (the prerender) may", async () => {
  const problems = await lint('src/sections/cases/Planted.ts', importing('../../docs/model'));
  expect(problems).toEqual([zone(1, '../../docs/model')]);
  expect(problems[0].message).toContain('only app/ (the prerender) composes it');
  expect(await lint('src/lib/planted.ts', importing('../docs/model'))).toEqual([
    zone(1, '../docs/model'),
  ]);
  expect(await lint('src/app/planted.ts', importing('../docs/model'))).toEqual([]);
});

test("docs/ importing the landing's app/, sections or store is reported; lib/ is shared ground", async () => {
  const code = importing('../../app/site', '../../sections/cases/CaseCard', '../../store/docs');
  expect(await lint('src/docs/pages/Planted.ts', code)).toEqual([
    zone(1, '../../app/site'),
    zone(2, '../../sections/cases/CaseCard'),
    zone(3, '../../store/docs'),
  ]);
  expect(await lint('src/docs/pages/Planted.ts', importing('../../lib/docs'))).toEqual([]);
});

test("a docs page's script importing the build, the React pages, the content schema or React is reported", async () => {
  const code = importing('../build/load', '../pages/render', '../../content/schema', 'react');
  expect(await lint('src/docs/client/planted.ts', code)).toEqual([
    zone(1, '../build/load'),
    zone(2, '../pages/render'),
    zone(3, '../../content/schema'),
    {
      rule: 'no-restricted-imports',
      line: 4,
      message: expect.stringContaining('A docs page ships no React'),
    },
  ]);
  expect(await lint('src/docs/client/planted.ts', importing('../../source/session'))).toEqual([]);
});

test('funnel/ importing the page, a section, vitals/ or React is reported; it may use lib/ and source/', async () => {
  const code = importing('../app/site', '../sections/cases/Cases', '../vitals/payload', 'react');
  const problems = await lint('src/funnel/planted.ts', code);
  expect(problems).toEqual([
    zone(1, '../app/site'),
    zone(2, '../sections/cases/Cases'),
    zone(3, '../vitals/payload'),
    {
      rule: 'no-restricted-imports',
      line: 4,
      message: expect.stringContaining('funnel/ runs on the docs pages too'),
    },
  ]);
  expect(problems[0].message).toContain("a docs page's script");
  const allowed = importing('../lib/privacy', '../source/session', './steps');
  expect(await lint('src/funnel/planted.ts', allowed)).toEqual([]);
});

test("the pages may import funnel/; what it builds on, and the rest of the page's rooms, may not", async () => {
  const reader = importing('../../funnel/watch');
  expect(await lint('src/sections/cases/Planted.ts', reader)).toEqual([]);
  expect(await lint('src/docs/client/planted.ts', reader)).toEqual([]);
  expect(await lint('src/app/planted.ts', importing('../funnel/beacon'))).toEqual([]);
  for (const folder of ['lib', 'source', 'components', 'vitals']) {
    const problems = await lint(`src/${folder}/planted.ts`, importing('../funnel/steps'));
    expect(problems).toEqual([zone(1, '../funnel/steps')]);
    expect(problems[0].message).toContain("Only the pages note the funnel's steps");
  }
});
