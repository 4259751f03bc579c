import type { DocsActions } from './docs';

type DocsModule = typeof import('./docs');

let loading: Promise<DocsModule> | undefined;

/**
 * The docs store, fetched the first time it is needed. Nothing on the page is drawn from it (the
 * header and its previews only write to it, and it keeps the old site's localStorage record), so
 * it and zustand stay out of the app's first chunk. The saved state is read in before any change
 * is applied, so a change made before the store arrived is not overwritten by an older one.
 */
export function loadDocs(): Promise<DocsModule> {
  loading ??= import('./docs').then(async (docs) => {
    await docs.rehydrateDocs();
    return docs;
  });
  return loading;
}

/** Applies `change` to the docs store once it is loaded (at once when it already is). */
export function updateDocs(change: (actions: DocsActions) => void): Promise<void> {
  return loadDocs().then(({ useDocsStore }) => change(useDocsStore.getState()));
}
