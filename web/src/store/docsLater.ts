import type { DocsActions } from './docs';

type DocsModule = typeof import('./docs');

let loading: Promise<DocsModule> | undefined;

/**
 * The docs store, fetched the first time it is needed. Nothing on the page is drawn from it (the
 * header and its previews only write to it, and it keeps the old site's localStorage record), so
 * it and zustand stay out of the app's first chunk. The saved state is read in before any change
 * is applied, so a change made before the store arrived is not overwritten by an older one. A
 * fetch that fails (offline, or the site was updated under the page) is forgotten, so the next
 * call tries again.
 */
export function loadDocs(): Promise<DocsModule> {
  loading ??= import('./docs').then(
    async (docs) => {
      await docs.rehydrateDocs();
      return docs;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Applies `change` to the docs store once it is loaded (at once when it already is). It never
 * rejects: when the store cannot be fetched, the change (a remembered choice, nothing the visitor
 * sees) is dropped with a warning, and the next change fetches again.
 */
export function updateDocs(change: (actions: DocsActions) => void): Promise<void> {
  return loadDocs().then(
    ({ useDocsStore }) => change(useDocsStore.getState()),
    (error: unknown) =>
      console.warn('the docs store could not be fetched; the choice is not kept', error),
  );
}
