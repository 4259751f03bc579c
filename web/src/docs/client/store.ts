// The docs store as the landing keeps it (src/store/docs.ts): zustand's persisted shape,
// {"state": {...}, "version": 0}, under localStorage's 'vuex'. A docs page carries no zustand, so
// it edits that record itself, leaving every field it does not set as the landing wrote it.
import { DOCS_STORAGE_KEY } from '../../lib/constants';

type State = Record<string, unknown>;

function isRecord(value: unknown): value is State {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Applies `change` to the stored docs state; blocked or full storage changes nothing. */
export function updateDocsStore(
  change: (state: State) => void,
  storage: () => Storage = () => localStorage,
): void {
  try {
    let stored: unknown = null;
    try {
      stored = JSON.parse(storage().getItem(DOCS_STORAGE_KEY) ?? 'null');
    } catch {
      // Not JSON: written by something else; the docs record starts afresh.
    }
    const state: State = isRecord(stored) && isRecord(stored.state) ? { ...stored.state } : {};
    const version = isRecord(stored) && typeof stored.version === 'number' ? stored.version : 0;
    change(state);
    storage().setItem(DOCS_STORAGE_KEY, JSON.stringify({ state, version }));
  } catch {
    // Storage blocked or full: the page works the same without it.
  }
}

/** The page's place in the docs, as the spec's mutations set it. */
export interface DocsPlace {
  sectionId: number;
  partId: number;
  article: string;
  onPage: string;
}

/** What a docs page's <main> says of itself (DocsArticle's data attributes); none on the index. */
export function readPlace(main: HTMLElement | null): DocsPlace | undefined {
  const data = main?.dataset;
  if (!data?.sectionId || !data.partId) return undefined;
  return {
    sectionId: Number(data.sectionId),
    partId: Number(data.partId),
    article: data.article ?? '',
    onPage: data.onPage ?? '',
  };
}

export function rememberPlace(place: DocsPlace, storage?: () => Storage): void {
  updateDocsStore((state) => {
    state.currentSectionId = place.sectionId;
    state.currentPartId = place.partId;
    state.currentArticle = place.article;
    state.currentOnPageInfo = place.onPage;
  }, storage);
}

/** The spec's increaseShares. */
export function countShare(storage?: () => Storage): void {
  updateDocsStore((state) => {
    const shares = typeof state.numberOfShares === 'number' ? state.numberOfShares : 0;
    state.numberOfShares = shares + 1;
  }, storage);
}
