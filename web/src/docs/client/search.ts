// The docs' search field: Pagefind's index (scripts/search-index.mjs) is fetched on the field's
// first focus, so a page loads none of it; results are drawn here rather than by Pagefind's own
// interface, in the page's styles and words.

/** What this page uses of Pagefind's API (pagefind.js in the built site). */
export interface Pagefind {
  options(options: { excerptLength?: number }): Promise<void>;
  init(): Promise<void> | void;
  debouncedSearch(
    query: string,
    options?: object,
    ms?: number,
  ): Promise<{ results: { data(): Promise<PagefindResult> }[] } | null>;
}

export interface PagefindResult {
  url: string;
  excerpt: string;
  meta: { title?: string };
}

const PAGEFIND_URL = '/pagefind/pagefind.js';
const MAX_RESULTS = 8;

/** The index's module; a failed fetch is forgotten so the next focus tries again. */
export function pagefindLoader(
  load: () => Promise<Pagefind> = () => import(/* @vite-ignore */ PAGEFIND_URL),
): () => Promise<Pagefind> {
  let engine: Promise<Pagefind> | undefined;
  return () =>
    (engine ??= load()
      .then(async (pagefind) => {
        await pagefind.options({ excerptLength: 16 });
        await pagefind.init();
        return pagefind;
      })
      .catch((error: unknown) => {
        engine = undefined;
        throw error;
      }));
}

/**
 * An excerpt's nodes: Pagefind marks the words found with <mark> in text it escaped; only text
 * and those marks are kept, so nothing in an excerpt can become markup of the page.
 */
export function excerptNodes(excerpt: string, doc: Document = document): Node[] {
  const parsed = new DOMParser().parseFromString(`<p>${excerpt}</p>`, 'text/html');
  const paragraph = parsed.body.firstElementChild;
  return [...(paragraph?.childNodes ?? [])].map((node) => {
    if (node.nodeName !== 'MARK') return doc.createTextNode(node.textContent ?? '');
    const mark = doc.createElement('mark');
    mark.textContent = node.textContent;
    return mark;
  });
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole));
}

/** Shows the prerendered search field (kept unseen until now) and answers what is typed. */
export function wireSearch(root: HTMLElement | null, engine = pagefindLoader()): void {
  const input = root?.querySelector('input');
  const panel = root?.querySelector<HTMLElement>('.docs-search__panel');
  const note = root?.querySelector<HTMLElement>('.docs-search__note');
  const list = root?.querySelector<HTMLElement>('.docs-search__results');
  const status = root?.querySelector<HTMLElement>('[role="status"]');
  if (!root || !input || !panel || !note || !list || !status) return;
  const words = root.dataset;
  const toggle = root.querySelector<HTMLButtonElement>('.docs-search__toggle');
  root.dataset.ready = '';
  // On a phone the field opens from its button over the header's row, and folds back on leaving.
  const fold = (open: boolean) => {
    root.classList.toggle('docs-search--open', open);
    toggle?.setAttribute('aria-expanded', String(open));
  };
  toggle?.addEventListener('click', () => {
    fold(true);
    input.focus();
  });

  const show = (message: string, items: HTMLElement[]) => {
    note.textContent = message;
    note.hidden = items.length > 0;
    list.replaceChildren(...items);
    status.textContent = message;
    panel.hidden = false;
  };
  const close = () => {
    panel.hidden = true;
    list.replaceChildren();
  };
  const leave = () => {
    close();
    fold(false);
  };

  input.addEventListener('focus', () => void engine().catch(() => undefined));
  input.addEventListener('input', async () => {
    const query = input.value.trim();
    if (!query) return close();
    let pagefind: Pagefind;
    try {
      pagefind = await engine();
    } catch {
      return show(words.unavailable ?? '', []);
    }
    const found = await pagefind.debouncedSearch(query, {}, 120);
    // A later keystroke superseded this search, or changed the field while results came in.
    if (found === null || input.value.trim() !== query) return;
    const results = await Promise.all(found.results.slice(0, MAX_RESULTS).map((r) => r.data()));
    if (input.value.trim() !== query) return;
    if (results.length === 0) return show(fill(words.none ?? '', { q: query }), []);
    show(
      fill(words.found ?? '', { n: found.results.length }),
      results.map((result) => {
        const item = document.createElement('li');
        const link = document.createElement('a');
        link.className = 'docs-search__link';
        link.href = result.url;
        const title = document.createElement('span');
        title.className = 'docs-search__title';
        title.textContent = result.meta.title ?? result.url;
        const excerpt = document.createElement('span');
        excerpt.className = 'docs-search__excerpt';
        excerpt.append(...excerptNodes(result.excerpt));
        link.append(title, excerpt);
        item.append(link);
        return item;
      }),
    );
  });
  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    input.value = '';
    leave();
    // Back where the visitor was: the field, or on a phone the button it opened from.
    const folded = !!toggle && getComputedStyle(toggle).display !== 'none';
    (folded ? toggle : input).focus();
  });
  root.addEventListener('focusout', (event) => {
    if (!root.contains(event.relatedTarget as Node | null)) leave();
  });
}
