import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

const web = import.meta.dirname;

// Every section folder, read from the tree, so a new section is fenced in from its first file.
const SECTIONS = readdirSync(`${web}/src/sections`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The house layering: app/ composes the sections, a section stands alone, and lib/ and
// components/ are shared ground that knows no section. Each zone forbids `target` to import
// anything under `from`; tests count too, as they sit beside the code they test.
const ZONES = [
  ...SECTIONS.map((section) => ({
    target: `./src/sections/${section}`,
    from: './src/sections',
    except: [`./${section}`],
    message: `A section imports no other section: what two sections share goes to lib/ (pure) or components/ (UI).`,
  })),
  {
    target: ['./src/sections', './src/lib', './src/components'],
    from: './src/app',
    message: 'Only app/ composes the page: nothing it composes imports app/.',
  },
  {
    target: ['./src/lib', './src/components'],
    from: './src/sections',
    message: 'lib/ and components/ are shared by the sections and import none of them.',
  },
  {
    // funnel/ counts the visit's steps where they happen: app/ notes the landing's arrival, the
    // cases and contact sections their own steps, a docs page's script its arrival and read.
    // They import it, so it imports none of them: it builds on the shared ground (lib/), the
    // visit's first touch (source/) and its contract alone, which keeps it small enough for a
    // docs page's 10 KB and free of the landing's React.
    target: './src/funnel',
    from: [
      './src/app',
      './src/sections',
      './src/components',
      './src/vitals',
      './src/i18n',
      './src/store',
      './src/legal',
    ],
    message:
      "funnel/ is imported by app/, the sections and a docs page's script: it imports none of them, only lib/, source/ and its contract.",
  },
  {
    target: [
      './src/lib',
      './src/components',
      './src/source',
      './src/vitals',
      './src/i18n',
      './src/store',
      './src/legal',
      './src/content',
      './src/docs/build',
      './src/docs/pages',
    ],
    from: './src/funnel',
    message:
      "Only the pages note the funnel's steps: app/, the sections and a docs page's script import funnel/, nothing it builds on or that serves the pages.",
  },
  {
    target: ['./src/vitals', './src/i18n', './src/store'],
    from: ['./src/app', './src/sections'],
    message:
      'vitals/, i18n/ and store/ serve app/ and the sections, which import them: they import neither.',
  },
  {
    target: './src/lib',
    from: './src/components',
    message: 'lib/ holds pure helpers: no React components.',
  },
  {
    target: './src/legal',
    from: ['./src/app', './src/sections', './src/components', './src/vitals', './src/source'],
    message:
      'legal/ holds the legal texts and the consent versions; the form, the footer and the legal pages read it, so it imports none of them.',
  },
  {
    target: ['./src/sections', './src/components', './src/lib'],
    from: [
      './src/legal/documents.ts',
      './src/legal/versions.ts',
      './src/legal/texts',
      './src/legal/operator.json',
    ],
    message:
      "The legal texts are for the build and the prerendered pages: the page's bundle takes nothing from legal/ but consent.ts and document.ts's types.",
  },
  {
    target: [
      './src/app',
      './src/sections',
      './src/components',
      './src/lib',
      './src/i18n',
      './src/store',
      './src/vitals',
      './src/source',
      './src/funnel',
      './src/legal',
    ],
    from: './src/content',
    except: ['./types.ts'],
    message:
      "content/ is the schema and the build's check of the site's data: the page takes only its types (content/types.ts), so Zod never reaches a bundle.",
  },
  {
    target: './src/content',
    from: ['./src/app', './src/sections', './src/components', './src/store', './src/i18n'],
    message: 'content/ describes the data the page shows; it knows nothing of the page itself.',
  },
  {
    target: './src/source',
    from: ['./src/app', './src/sections', './src/components', './src/vitals'],
    message:
      'source/ records where the visit came from; the contact form and the vitals beacon read it, so it imports neither, nor the page.',
  },
  {
    target: [
      './src/sections',
      './src/components',
      './src/lib',
      './src/i18n',
      './src/store',
      './src/vitals',
      './src/source',
      './src/funnel',
      './src/legal',
      './src/content',
    ],
    from: './src/docs',
    message:
      'docs/ is the docs pages (built from src/content/docs) and their own script: only app/ (the prerender) composes it, so the landing page carries none of it.',
  },
  {
    target: './src/docs',
    from: ['./src/app', './src/sections', './src/components', './src/store'],
    message:
      "docs/ stands apart from the landing page: what both use goes to lib/ (a docs page loads none of the landing's code).",
  },
  {
    target: './src/docs',
    from: './src/i18n',
    // The locale files are the content the docs are built with (a case's page from its data).
    except: ['./locales'],
    message:
      "docs/ stands apart from the landing page's i18next: it reads the locale files' content, nothing else of i18n/.",
  },
  {
    target: './src/docs/client',
    from: ['./src/docs/build', './src/docs/pages', './src/content'],
    message:
      "client/ is a docs page's only script: the build's Markdown and checks, React's pages and the content's schema stay at build time.",
  },
];

// What lib/ may not import at all: it is plain TypeScript that runs anywhere, React or not.
const REACT_PACKAGES = [
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  'react-i18next',
  '@react-three/*',
];

export default tseslint.config(
  { ignores: ['dist', 'dist-ssr', 'node_modules', 'public/libs'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.strict, prettier],
    languageOptions: { ecmaVersion: 2023, globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without a resolver that knows .ts and .tsx, an import would resolve to nothing and pass.
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.json'] }),
      ],
      // The modules no-cycle follows: without .ts and .tsx it would read none of ours and pass.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: web, zones: ZONES }],
      // A cycle makes the order modules run in depend on which one is imported first; what both
      // ends need belongs in a module of its own. Type-only imports vanish from the build and
      // are not followed.
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: REACT_PACKAGES, message: 'lib/ holds pure helpers with no React.' }],
        },
      ],
    },
  },
  {
    files: ['src/funnel/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: REACT_PACKAGES,
              message: 'funnel/ runs on the docs pages too, which ship no React: it stays plain.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/docs/client/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: REACT_PACKAGES, message: 'A docs page ships no React: its script is plain.' },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.{js,mjs}', '*.config.{js,ts}'],
    extends: [js.configs.recommended, prettier],
    languageOptions: { ecmaVersion: 2023, globals: globals.node },
  },
);
