// @vitest-environment jsdom
import { DOCS_STORAGE_KEY } from '../lib/constants';

beforeEach(() => {
  localStorage.clear();
  vi.resetModules();
});

const saved = (state: object) =>
  localStorage.setItem(DOCS_STORAGE_KEY, JSON.stringify({ state, version: 0 }));

test('a change made before the store arrives wins over the saved state, and is saved', async () => {
  saved({ currentSectionId: 2, currentPartId: 4 });
  const { updateDocs } = await import('./docsLater');
  await updateDocs((docs) => docs.setCurrentSectionId(1));
  const { useDocsStore } = await import('./docs');
  // The saved part survives; the section is the visitor's newer choice.
  expect(useDocsStore.getState()).toMatchObject({ currentSectionId: 1, currentPartId: 4 });
  const stored = JSON.parse(localStorage.getItem(DOCS_STORAGE_KEY) ?? '{}') as {
    state: { currentSectionId: number };
  };
  expect(stored.state.currentSectionId).toBe(1);
});

test('loading reads the saved state once, however many callers ask', async () => {
  saved({ numberOfShares: 3 });
  const { loadDocs, updateDocs } = await import('./docsLater');
  const [first, second] = await Promise.all([loadDocs(), loadDocs()]);
  expect(first).toBe(second);
  expect(first.useDocsStore.getState().numberOfShares).toBe(3);
  await updateDocs((docs) => docs.increaseShares());
  // Saved as 4 now; a second load must not read the storage over the live state again.
  saved({ numberOfShares: 10 });
  await loadDocs();
  expect(first.useDocsStore.getState().numberOfShares).toBe(4);
});

test('a broken saved value leaves the initial state and still applies the change', async () => {
  localStorage.setItem(DOCS_STORAGE_KEY, '{"state": {"currentPartId": ');
  const { updateDocs } = await import('./docsLater');
  await updateDocs((docs) => docs.setCurrentPartId(2));
  const { useDocsStore } = await import('./docs');
  expect(useDocsStore.getState()).toMatchObject({ currentPartId: 2, currentSectionId: 0 });
});

test('a store that cannot be fetched drops that change with a warning, and the next one fetches again', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.doMock('./docs', () => {
    throw new Error('Failed to fetch dynamically imported module');
  });
  const { updateDocs } = await import('./docsLater');
  await expect(updateDocs((docs) => docs.setCurrentPartId(3))).resolves.toBeUndefined();
  expect(warn).toHaveBeenCalledOnce();
  vi.doUnmock('./docs');
  await updateDocs((docs) => docs.setCurrentPartId(2));
  const { useDocsStore } = await import('./docs');
  expect(useDocsStore.getState().currentPartId).toBe(2);
  warn.mockRestore();
});
