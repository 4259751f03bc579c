// @vitest-environment jsdom
import {
  excerptNodes,
  pagefindLoader,
  wireSearch,
  type Pagefind,
  type PagefindResult,
} from './search';

const MARKUP = `<div data-search data-found="Found: {n}" data-none="Nothing for {q}" data-unavailable="Not now">
  <button type="button" class="docs-search__toggle" aria-expanded="false"></button><input type="search" /><p role="status"></p>
  <div class="docs-search__panel" hidden><p class="docs-search__note"></p><ul class="docs-search__results"></ul></div>
</div>`;

function fakePagefind(pages: PagefindResult[]): Pagefind & { queries: string[] } {
  const queries: string[] = [];
  return {
    queries,
    options: vi.fn(() => Promise.resolve()),
    init: vi.fn(),
    debouncedSearch: vi.fn((query: string) => {
      queries.push(query);
      const hits = pages.filter((page) => page.meta.title?.toLowerCase().includes(query));
      return Promise.resolve({
        results: hits.map((hit) => ({ data: () => Promise.resolve(hit) })),
      });
    }),
  };
}

const PAGES: PagefindResult[] = [
  {
    url: '/ru/docs/cases/slotly',
    excerpt: 'бот для <mark>записи</mark>',
    meta: { title: 'slotly бот' },
  },
  { url: '/ru/docs/cases/tondrop', excerpt: 'квесты', meta: { title: 'tondrop бот' } },
];

/** The element the markup above has, or the test fails here. */
function must<T extends Element>(found: T | null): T {
  if (!found) throw new Error('not in the markup');
  return found;
}

function mount(engine: () => Promise<Pagefind>) {
  document.body.innerHTML = MARKUP;
  const root = must(document.querySelector<HTMLElement>('[data-search]'));
  wireSearch(root, engine);
  const input = must(root.querySelector('input'));
  const type = (text: string) => {
    input.value = text;
    input.dispatchEvent(new Event('input'));
  };
  const panel = must(root.querySelector<HTMLElement>('.docs-search__panel'));
  const links = () => [...root.querySelectorAll<HTMLAnchorElement>('.docs-search__link')];
  const status = () => must(root.querySelector('[role="status"]')).textContent;
  return { root, input, type, panel, links, status };
}

test('the field is shown only by the script; without it the page has the index instead', () => {
  const { root } = mount(() => Promise.resolve(fakePagefind(PAGES)));
  expect(root.dataset.ready).toBe('');
});

test('what is typed is searched, and each result links to its page with the words marked', async () => {
  const pagefind = fakePagefind(PAGES);
  const { type, panel, links, status } = mount(() => Promise.resolve(pagefind));
  type('бот');
  await vi.waitFor(() => expect(links()).toHaveLength(2));
  expect(panel.hidden).toBe(false);
  expect(must(links()[0] ?? null).getAttribute('href')).toBe('/ru/docs/cases/slotly');
  expect(must(links()[0] ?? null).querySelector('mark')?.textContent).toBe('записи');
  expect(status()).toBe('Found: 2');
});

test('nothing found says so with the words typed', async () => {
  const { type, status, links } = mount(() => Promise.resolve(fakePagefind(PAGES)));
  type('ничего');
  await vi.waitFor(() => expect(status()).toBe('Nothing for ничего'));
  expect(links()).toHaveLength(0);
});

test('an index that cannot load says search is unavailable, and the next focus tries again', async () => {
  const load = vi
    .fn<() => Promise<Pagefind>>()
    .mockRejectedValueOnce(new Error('offline'))
    .mockResolvedValue(fakePagefind(PAGES));
  const engine = pagefindLoader(load);
  const { type, status, input, links } = mount(engine);
  type('бот');
  await vi.waitFor(() => expect(status()).toBe('Not now'));
  input.dispatchEvent(new Event('focus'));
  type('бот');
  await vi.waitFor(() => expect(links()).toHaveLength(2));
  expect(load).toHaveBeenCalledTimes(2);
});

test('the index is fetched once, on the first focus, and configured before it is used', async () => {
  const pagefind = fakePagefind(PAGES);
  const load = vi.fn(() => Promise.resolve(pagefind));
  const { input } = mount(pagefindLoader(load));
  expect(load).not.toHaveBeenCalled();
  input.dispatchEvent(new Event('focus'));
  input.dispatchEvent(new Event('focus'));
  await vi.waitFor(() => expect(pagefind.init).toHaveBeenCalledTimes(1));
  expect(load).toHaveBeenCalledTimes(1);
  expect(pagefind.options).toHaveBeenCalledBefore(pagefind.init as never);
});

test('a search the next keystroke superseded draws nothing; Escape clears and closes', async () => {
  const pagefind = fakePagefind(PAGES);
  pagefind.debouncedSearch = vi.fn(() => Promise.resolve(null));
  const { type, panel, root, input } = mount(() => Promise.resolve(pagefind));
  type('бот');
  await vi.waitFor(() => expect(pagefind.debouncedSearch).toHaveBeenCalled());
  expect(panel.hidden).toBe(true);
  panel.hidden = false;
  root.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  expect(panel.hidden).toBe(true);
  expect(input.value).toBe('');
});

test('an excerpt keeps only its text and marks: no markup of its own reaches the page', () => {
  const nodes = excerptNodes('a <mark>b</mark> <img src=x onerror=alert(1)><script>x</script>c');
  const box = document.createElement('p');
  box.append(...nodes);
  expect(box.innerHTML).toBe('a <mark>b</mark> xc');
});

test('on a phone the button opens the field, and leaving it folds it back', () => {
  const { root, input } = mount(() => Promise.resolve(fakePagefind(PAGES)));
  const toggle = must(root.querySelector<HTMLButtonElement>('.docs-search__toggle'));
  toggle.click();
  expect(root.classList.contains('docs-search--open')).toBe(true);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  expect(document.activeElement).toBe(input);
  root.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  expect(root.classList.contains('docs-search--open')).toBe(false);
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
});
