// @vitest-environment jsdom
import { DOCS_STORAGE_KEY } from '../../lib/constants';
import { countShare, readPlace, rememberPlace, updateDocsStore } from './store';

const stored = () => JSON.parse(localStorage.getItem(DOCS_STORAGE_KEY) ?? 'null');

beforeEach(() => localStorage.clear());

test("a docs page records its place in the landing's persisted docs store, keeping the rest", () => {
  localStorage.setItem(
    DOCS_STORAGE_KEY,
    JSON.stringify({ state: { numberOfShares: 2, isAuth: true, currentPartId: 4 }, version: 0 }),
  );
  rememberPlace({ sectionId: 1, partId: 2, article: 'Telegram', onPage: '• Bots\n• Mini Apps' });
  expect(stored()).toEqual({
    state: {
      numberOfShares: 2,
      isAuth: true,
      currentSectionId: 1,
      currentPartId: 2,
      currentArticle: 'Telegram',
      currentOnPageInfo: '• Bots\n• Mini Apps',
    },
    version: 0,
  });
});

test('a share counts one more in numberOfShares, from nothing or from a stored count', () => {
  countShare();
  expect(stored().state.numberOfShares).toBe(1);
  countShare();
  expect(stored().state.numberOfShares).toBe(2);
});

test('a stored value that is not the store, or storage that throws, changes nothing else', () => {
  localStorage.setItem(DOCS_STORAGE_KEY, '{not json');
  countShare();
  expect(stored()).toEqual({ state: { numberOfShares: 1 }, version: 0 });
  const blocked = () => {
    throw new DOMException('blocked', 'SecurityError');
  };
  expect(() => updateDocsStore(() => undefined, blocked)).not.toThrow();
});

test("the place is read from the article's data attributes, and the index has none", () => {
  const main = document.createElement('main');
  expect(readPlace(main)).toBeUndefined();
  expect(readPlace(null)).toBeUndefined();
  Object.assign(main.dataset, { sectionId: '0', partId: '3', article: 'Freightly', onPage: '• A' });
  expect(readPlace(main)).toEqual({ sectionId: 0, partId: 3, article: 'Freightly', onPage: '• A' });
});
