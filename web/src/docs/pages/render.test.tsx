// @vitest-environment jsdom
/// <reference types="node" />
import path from 'node:path';
import type { Messages } from '../../content/types';
import en from '../../i18n/locales/en.json';
import ru from '../../i18n/locales/ru.json';
import { loadDocsDir } from '../build/files';
import { renderDocsSite, type RenderedDocsPage } from './render';

const web = path.resolve(__dirname, '../../..');
const messages = { en, ru } as unknown as Record<'en' | 'ru', Messages>;
let rendered: RenderedDocsPage[];

beforeAll(async () => {
  const { site, errors } = await loadDocsDir(web, messages);
  expect(errors).toEqual([]);
  rendered = renderDocsSite(site, messages);
});

function open(file: string): Document {
  const page = rendered.find((candidate) => candidate.file === file);
  if (!page) throw new Error(`no ${file}`);
  return new DOMParser().parseFromString(`<body>${page.html}</body>`, 'text/html');
}

test('every locale has its index, its 404 and one page a part', () => {
  for (const locale of ['en', 'ru']) {
    const files = rendered.filter((page) => page.locale === locale).map((page) => page.file);
    expect(files).toHaveLength(17 + 2);
    expect(files).toContain(`${locale}/docs/index.html`);
    expect(files).toContain(`${locale}/docs/404.html`);
    expect(files).toContain(`${locale}/docs/services/web3.html`);
  }
});

test('an article: sidebar with the page marked, breadcrumbs, outline, pager and the other language', () => {
  const doc = open('en/docs/cases/vaultline.html');
  const current = [...doc.querySelectorAll('.docs-sidebar [aria-current="page"]')];
  expect(current.map((link) => link.getAttribute('href'))).toEqual(['/en/docs/cases/vaultline']);
  const crumbs = [...doc.querySelectorAll('.docs-crumbs a')].map((a) => a.textContent);
  expect(crumbs).toEqual(['Home', 'Docs', 'Cases', 'Vaultline Finance']);
  const outline = [...doc.querySelectorAll('.docs-aside .docs-outline a')];
  expect(outline.length).toBeGreaterThanOrEqual(5);
  for (const link of outline) {
    const id = link.getAttribute('href')?.slice(1) ?? '';
    expect(doc.getElementById(id), `#${id}`).not.toBeNull();
  }
  expect(doc.querySelector('a[rel="prev"]')?.getAttribute('href')).toBe('/en/docs/cases/aurelia');
  expect(doc.querySelector('a[rel="next"]')?.getAttribute('href')).toBe('/en/docs/cases/slotly');
  expect(doc.querySelector('.docs-top__lang')?.getAttribute('href')).toBe(
    '/ru/docs/cases/vaultline',
  );
  expect(doc.querySelector('.docs-case a[href="https://vaultline.finance"]')).not.toBeNull();
});

test("the call to action opens the landing's form with the page's topic", () => {
  expect(
    open('ru/docs/services/telegram.html').querySelector('.docs-cta a')?.getAttribute('href'),
  ).toBe('/ru?about=Telegram#contact');
  expect(
    open('en/docs/cases/aurelia.html').querySelector('.docs-cta a')?.getAttribute('href'),
  ).toBe('/en?about=Aurelia%20Estates#contact');
});

test("the page's script finds its place in the docs store on <main>", () => {
  const main = open('en/docs/about/blog.html').querySelector('main');
  expect(main?.dataset).toMatchObject({ sectionId: '2', partId: '2' });
  expect(main?.dataset.onPage?.split('\n')[0]).toMatch(/^• /);
});

test('the index links every article, grouped under its section, and the 404 leads to it', () => {
  const doc = open('ru/docs/index.html');
  expect(doc.querySelectorAll('.docs-index__link')).toHaveLength(17);
  expect([...doc.querySelectorAll('.docs-index__title')].map((h) => h.id)).toEqual([
    'cases',
    'services',
    'about',
  ]);
  expect(open('ru/docs/404.html').querySelector('main a')?.getAttribute('href')).toBe('/ru/docs/');
});

test('nothing on a docs page runs a script or opens a same-site link in a new tab', () => {
  for (const page of rendered) {
    expect(page.html).not.toContain('<script');
    const doc = open(page.file);
    for (const link of doc.querySelectorAll('a[target="_blank"]')) {
      expect(link.getAttribute('href'), page.file).toMatch(/^https:\/\//);
    }
  }
});
