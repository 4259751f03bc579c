/// <reference types="node" />
// The build's refusals, each planted into the real docs: every class of broken article fails
// with the file and the reason, and the real docs pass.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Messages } from '../../content/types';
import en from '../../i18n/locales/en.json';
import ru from '../../i18n/locales/ru.json';
import { DOCS_DIR, type DocsInput } from './article';
import { MAX_IMAGE_BYTES } from './checks';
import { buildDocs } from './load';

const web = path.resolve(__dirname, '../../..');

function realFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  const root = path.join(web, DOCS_DIR);
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(web, full)] = readFileSync(full, 'utf8');
  }
  return files;
}

const FILES = realFiles();
const clone = <T>(value: T): T => structuredClone(value);

/** Item `index` of a list the test knows is long enough. */
function nth<T>(list: T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

function input(change: Partial<DocsInput> = {}): DocsInput {
  return {
    files: { ...FILES },
    messages: { en: clone(en), ru: clone(ru) } as unknown as Record<'en' | 'ru', Messages>,
    publicFileSize: (file) => (file === '/images/cases/case-1.webp' ? 60_000 : undefined),
    ...change,
  };
}

const AURELIA = `${DOCS_DIR}/en/cases/aurelia.md`;
const WEB3 = `${DOCS_DIR}/en/services/web3.md`;

/** The real docs with one file's text changed. */
function withFile(file: string, edit: (text: string) => string): DocsInput {
  const base = input();
  base.files[file] = edit(base.files[file] ?? '');
  return base;
}

const words = (n: number, seed = 'word') =>
  Array.from({ length: n }, (_, i) => `${seed}${i}`).join(' ');

function article(body: string, front = 'title: A planted article\nnav: Planted\norder: 9') {
  return `---\n${front}\ndescription: An article planted by a test to see what the build refuses here.\n---\n\n${body}\n`;
}

test('the real docs pass, 17 pages in each language, in the sections and order of the sidebar', () => {
  const { site, errors } = buildDocs(input());
  expect(errors).toEqual([]);
  for (const locale of ['en', 'ru'] as const) {
    const pages = site[locale];
    expect(pages.map((page) => `${page.section}/${page.slug}`)).toEqual([
      ...en.cases.items.map((item) => `cases/${item.id}`),
      'services/web3',
      'services/web2',
      'services/telegram',
      'services/softs',
      'services/erp',
      'about/who-we-are',
      'about/compare',
      'about/blog',
      'about/why-us',
      'about/careers',
    ]);
    expect(pages.every((page) => page.locale === locale)).toBe(true);
  }
});

test('every service chip of the landing has its own heading on a services page', () => {
  const { site } = buildDocs(input());
  for (const service of en.whatWeOffer.services) {
    const [part, anchor] = service.slug.split('#');
    const page = site.en.find((candidate) => `${candidate.section}/${candidate.slug}` === part);
    expect(
      page?.headings.map((heading) => heading.id),
      service.name,
    ).toContain(anchor);
  }
});

test('a part in one language only is refused, naming the missing file', () => {
  const planted = input();
  planted.files[`${DOCS_DIR}/en/about/press.md`] = article(words(200));
  expect(buildDocs(planted).errors).toContain(
    `${DOCS_DIR}/en/about/press.md: no ru version (${DOCS_DIR}/ru/about/press.md)`,
  );
});

test('an article under 150 words is refused, in any script', () => {
  for (const [file, seed] of [
    [`${DOCS_DIR}/en/about/why-us.md`, 'word'],
    [`${DOCS_DIR}/ru/about/why-us.md`, 'слово'],
  ] as const) {
    const planted = withFile(file, () => article(words(149, seed)));
    expect(buildDocs(planted).errors).toContain(`${file}: 149 words; an article has at least 150`);
    const enough = withFile(file, () => article(words(150, seed)));
    expect(buildDocs(enough).errors.filter((error) => error.includes('words;'))).toEqual([]);
  }
});

test('two headings with the same anchor are refused, explicit or made from the text', () => {
  const explicit = withFile(AURELIA, (text) => `${text}\n## Again {#problem}\n`);
  expect(buildDocs(explicit).errors).toContain(`${AURELIA}: two headings have the anchor #problem`);
  const implicit = withFile(
    AURELIA,
    (text) => `${text}\n## Same words\n\n### Same words {#same-words}\n`,
  );
  expect(buildDocs(implicit).errors).toContain(
    `${AURELIA}: two headings have the anchor #same-words`,
  );
});

test('an H1 or a heading deeper than H3 in the body is refused', () => {
  const planted = withFile(AURELIA, (text) => `${text}\n# Title again\n\n#### Too deep\n`);
  const { errors } = buildDocs(planted);
  expect(errors).toContain(
    `${AURELIA}: H1 "Title again": use ## and ### only (the title is the page's H1)`,
  );
  expect(errors).toContain(
    `${AURELIA}: H4 "Too deep": use ## and ### only (the title is the page's H1)`,
  );
});

test.each([
  ['/en/docs/cases/nobody', 'no docs page cases/nobody'],
  ['/en/docs/services/web3#nothing', '/en/docs/services/web3 has no heading #nothing'],
  ['/en/docs/#blog', 'the docs index has no #blog (only #cases, #services, #about)'],
  ['/ru/docs/cases/medra', 'leads to another language; write /en/docs/…'],
  ['/en/privacy', 'not a docs page: write /en/docs/<section>/<part>'],
  ['../cases/medra', 'write links to docs pages as /en/docs/<section>/<part>'],
  ['http://medra.clinic', 'use https://'],
  ['https://docs.mintline.dev/cases', 'docs.mintline.dev is not a host named in the content'],
])('a link to %s is refused: %s', (link, reason) => {
  const planted = withFile(AURELIA, (text) => `${text}\nSee [this](${link}).\n`);
  const found = buildDocs(planted).errors.filter((error) => error.startsWith(`${AURELIA}: link`));
  expect(found).toEqual([expect.stringContaining(`${AURELIA}: link ${link}: ${reason}`)]);
});

test("links to a page, an anchor, the index's sections and a case's own site are fine", () => {
  const planted = withFile(
    AURELIA,
    (text) =>
      `${text}\n[a](/en/docs/cases/medra) [b](/en/docs/services/web3#defi) [c](/en/docs/#about) [d](/en/docs/) [e](https://medra.clinic/prices)\n`,
  );
  expect(buildDocs(planted).errors).toEqual([]);
});

test('a missing, outside or oversized image is refused', () => {
  const planted = withFile(
    AURELIA,
    (text) =>
      `${text}\n![a](/images/cases/case-1.webp) ![b](/images/none.png) ![c](https://x.com/a.png) ![d](/images/big.png)\n`,
  );
  const docs = {
    ...planted,
    publicFileSize: (file: string) =>
      ({ '/images/cases/case-1.webp': 60_000, '/images/big.png': MAX_IMAGE_BYTES + 1 })[file],
  };
  const errors = buildDocs(docs).errors.filter((error) => error.includes(': image '));
  expect(errors).toEqual([
    `${AURELIA}: image /images/none.png: no such file in web/public`,
    `${AURELIA}: image https://x.com/a.png: use a file of the site (/images/…)`,
    `${AURELIA}: image /images/big.png: 401 KB; at most 400 KB`,
  ]);
});

test('a paragraph two articles share is refused, whatever its case and spacing', () => {
  const shared = 'This exact paragraph of well over eight words appears in two articles.';
  const planted = withFile(AURELIA, (text) => `${text}\n${shared}\n`);
  planted.files[WEB3] = `${planted.files[WEB3]}\n${shared.toUpperCase().replace(/ /g, '  ')}\n`;
  expect(buildDocs(planted).errors).toEqual([
    expect.stringMatching(new RegExp(`^${WEB3}: the paragraph ".*" is also in ${AURELIA}$`)),
  ]);
});

test('front matter that breaks its schema is refused field by field', () => {
  const planted = withFile(AURELIA, (text) =>
    text.replace(/^title: .*$/m, 'title: ""').replace(/^order: .*$/m, 'order: first'),
  );
  const { errors } = buildDocs(planted);
  expect(errors).toContain(`${AURELIA}:title: Too small: expected string to have >=3 characters`);
  expect(errors.some((error) => error.startsWith(`${AURELIA}:order:`))).toBe(true);
  const unparsable = withFile(AURELIA, (text) => text.replace(/^nav: .*$/m, 'nav: [unclosed'));
  expect(buildDocs(unparsable).errors).toEqual([
    expect.stringMatching(new RegExp(`^${AURELIA}: front matter: `)),
  ]);
});

test('an article for a case the content does not have is refused', () => {
  const planted = input();
  for (const locale of ['en', 'ru']) {
    planted.files[`${DOCS_DIR}/${locale}/cases/ghost.md`] = article(words(200, `g${locale}`));
  }
  expect(buildDocs(planted).errors).toContain(
    `${DOCS_DIR}/en/cases/ghost.md: no case "ghost" in src/i18n/locales/en.json cases.items`,
  );
});

test('a case added in the editor gets its docs page from its data, before any article', () => {
  const planted = input();
  for (const locale of ['en', 'ru'] as const) {
    const items = planted.messages[locale].cases.items;
    items.push({ ...clone(nth(items, 0)), id: 'novella', name: 'Novella', url: 'cases/novella' });
  }
  const { site, errors } = buildDocs(planted);
  expect(errors).toEqual([]);
  const page = site.ru.find((candidate) => candidate.slug === 'novella');
  expect(page).toMatchObject({ section: 'cases', title: 'Novella', html: '', headings: [] });
  expect(page?.caseItem?.name).toBe('Novella');
  expect(site.ru.filter((candidate) => candidate.section === 'cases').at(-1)).toBe(page);
});

test('a landing link to no docs page is refused at its JSON path', () => {
  const planted = input();
  nth(planted.messages.ru.whatWeOffer.services, 0).slug = 'services/web2#nope';
  nth(planted.messages.en.navigation.cases, 0).link = 'cases/web3';
  nth(planted.messages.en.cases.items, 1).url = 'cases/vaultlin';
  const { errors } = buildDocs(planted);
  expect(errors).toEqual([
    'src/i18n/locales/en.json:navigation.cases[0].link: no docs page cases/web3',
    'src/i18n/locales/en.json:cases.items[1].url: no docs page cases/vaultlin',
    'src/i18n/locales/ru.json:whatWeOffer.services[0].slug: /ru/docs/services/web2 has no heading #nope',
  ]);
});

test('a file outside the section folders is refused', () => {
  const planted = input();
  planted.files[`${DOCS_DIR}/en/blog/post.md`] = article(words(200));
  expect(buildDocs(planted).errors).toContain(
    `${DOCS_DIR}/en/blog/post.md: not a docs article: expected ${DOCS_DIR}/<en|ru>/<section>/<part>.md`,
  );
});
