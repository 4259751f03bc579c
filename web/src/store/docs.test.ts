// @vitest-environment jsdom
import { DOCS_STORAGE_KEY } from '../lib/constants';
import {
  initialDocs,
  rehydrateDocs,
  selectCurrentSectionParts,
  selectPageInfo,
  selectShareText,
  useDocsStore,
} from './docs';
import { NAVIGATION_PART_IDS } from './docsData';

const OUTLINE = '• Introduction\n• Main part\n• Talking about this\n• Conclusion';

beforeEach(() => {
  localStorage.clear();
  useDocsStore.setState(initialDocs());
});

describe('initial state', () => {
  test('starts with the spec values', () => {
    const state = useDocsStore.getState();
    expect(state.numberOfShares).toBe(0);
    expect(state.isAuth).toBe(true);
    expect(state.currentSectionId).toBe(0);
    expect(state.currentPartId).toBe(0);
    expect(state.currentArticle).toBe('');
    expect(state.currentNavigationHook).toEqual([]);
    expect(state.currentOnPageInfo).toBe('');
  });

  test('has three sections with 7, 5 and 5 parts', () => {
    const { sectionParts } = useDocsStore.getState();
    expect(sectionParts.map((section) => section.id)).toEqual([0, 1, 2]);
    expect(sectionParts.map((section) => section.parts.length)).toEqual([7, 5, 5]);
    expect(sectionParts[1]?.parts.map((part) => part.name)).toEqual([
      'Web3',
      'Web2',
      'Telegram',
      'Softs',
      'ERP',
    ]);
    expect(sectionParts[2]?.parts.map((part) => part.name)).toEqual([
      'Who we are?',
      'Us compared to others',
      'Our blog',
      'Why we are the best?',
      'How to join us?',
    ]);
    const caseNames = sectionParts[0]?.parts.map((part) => part.name) ?? [];
    expect(new Set(caseNames.slice(4)).size).toBe(1);
  });

  test('gives every part of every section the four-line outline', () => {
    const { onPage, sectionParts } = useDocsStore.getState();
    expect(onPage.map((section) => section.parts.length)).toEqual(
      sectionParts.map((section) => section.parts.length),
    );
    for (const part of onPage.flatMap((section) => section.parts)) expect(part.info).toBe(OUTLINE);
  });

  test('maps navigation titles to case part ids', () => {
    expect(NAVIGATION_PART_IDS).toEqual({ Web3: 0, Web2: 1, Telegram: 2, Softs: 3 });
  });
});

describe('actions', () => {
  test('increaseShares adds 1 and decreaseShares subtracts 1', () => {
    const { increaseShares, decreaseShares } = useDocsStore.getState();
    increaseShares();
    increaseShares();
    expect(useDocsStore.getState().numberOfShares).toBe(2);
    decreaseShares();
    expect(useDocsStore.getState().numberOfShares).toBe(1);
  });

  test('setCurrentSectionId and setCurrentPartId set the selection', () => {
    useDocsStore.getState().setCurrentSectionId(2);
    useDocsStore.getState().setCurrentPartId(4);
    expect(useDocsStore.getState()).toMatchObject({ currentSectionId: 2, currentPartId: 4 });
  });

  test('setCurrentPageInfo takes the info of the selected part', () => {
    useDocsStore.setState({
      currentSectionId: 1,
      currentPartId: 3,
      onPage: [{ id: 1, parts: [{ id: 3, info: 'Softs outline' }] }],
    });
    useDocsStore.getState().setCurrentPageInfo();
    expect(useDocsStore.getState().currentOnPageInfo).toBe('Softs outline');
  });

  test('setCurrentPageInfo leaves the info alone for an unknown part', () => {
    useDocsStore.setState({ currentSectionId: 9, currentOnPageInfo: 'before' });
    useDocsStore.getState().setCurrentPageInfo();
    expect(useDocsStore.getState().currentOnPageInfo).toBe('before');
  });

  test('setCurrentArticle and setCurrentNavigationHooks leave the state unchanged', () => {
    const before = useDocsStore.getState();
    before.setCurrentArticle();
    before.setCurrentNavigationHooks();
    expect(useDocsStore.getState()).toBe(before);
  });
});

describe('derived values', () => {
  test('share text asks to authorise when isAuth is false', () => {
    expect(selectShareText({ ...initialDocs(), isAuth: false })).toBe('Please authorise to see');
  });

  test('share text shows the count when authorised', () => {
    expect(selectShareText({ ...initialDocs(), numberOfShares: 3 })).toBe('Number of shares: 3');
  });

  test('current section parts follow the section id', () => {
    expect(selectCurrentSectionParts({ ...initialDocs(), currentSectionId: 2 })).toHaveLength(5);
    expect(selectCurrentSectionParts(initialDocs())).toHaveLength(7);
    expect(selectCurrentSectionParts({ ...initialDocs(), currentSectionId: 7 })).toEqual([]);
  });

  test('page info falls back to the first part of the first section', () => {
    expect(selectPageInfo(initialDocs())).toBe(OUTLINE);
    expect(selectPageInfo({ ...initialDocs(), currentOnPageInfo: 'chosen' })).toBe('chosen');
  });
});

describe('persistence under "vuex"', () => {
  test('saves the docs state to localStorage', () => {
    useDocsStore.getState().increaseShares();
    const saved = JSON.parse(localStorage.getItem(DOCS_STORAGE_KEY) ?? 'null');
    expect(saved.state.numberOfShares).toBe(1);
    expect(saved.state.sectionParts).toHaveLength(3);
    expect(saved.state.increaseShares).toBeUndefined();
  });

  test('restores saved fields on rehydration', async () => {
    localStorage.setItem(
      DOCS_STORAGE_KEY,
      JSON.stringify({ state: { numberOfShares: 5, currentSectionId: 2 }, version: 0 }),
    );
    await rehydrateDocs();
    expect(useDocsStore.getState()).toMatchObject({ numberOfShares: 5, currentSectionId: 2 });
  });

  test('ignores a value that is not JSON', async () => {
    localStorage.setItem(DOCS_STORAGE_KEY, '{not json');
    await rehydrateDocs();
    expect(useDocsStore.getState().numberOfShares).toBe(0);
    expect(selectCurrentSectionParts(useDocsStore.getState())).toHaveLength(7);
  });

  test('ignores fields of the wrong type and never replaces the section data', async () => {
    localStorage.setItem(
      DOCS_STORAGE_KEY,
      JSON.stringify({
        state: { numberOfShares: 'many', isAuth: 'yes', sectionParts: null, onPage: 3 },
        version: 0,
      }),
    );
    await rehydrateDocs();
    const state = useDocsStore.getState();
    expect(state.numberOfShares).toBe(0);
    expect(state.isAuth).toBe(true);
    expect(state.sectionParts).toHaveLength(3);
    expect(selectPageInfo(state)).toBe(OUTLINE);
  });

  test('ignores a stored value that is not an object', async () => {
    localStorage.setItem(DOCS_STORAGE_KEY, JSON.stringify({ state: 'broken', version: 0 }));
    await rehydrateDocs();
    expect(useDocsStore.getState().numberOfShares).toBe(0);
  });
});
