import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DOCS_STORAGE_KEY } from '../lib/constants';
import {
  ON_PAGE,
  SECTION_PARTS,
  type OnPageSection,
  type Section,
  type SectionPart,
} from './docsData';

export interface DocsData {
  numberOfShares: number;
  isAuth: boolean;
  currentSectionId: number;
  currentPartId: number;
  currentArticle: string;
  currentNavigationHook: unknown[];
  currentOnPageInfo: string;
  sectionParts: Section[];
  onPage: OnPageSection[];
}

export interface DocsActions {
  increaseShares: () => void;
  decreaseShares: () => void;
  setCurrentSectionId: (id: number) => void;
  setCurrentPartId: (id: number) => void;
  setCurrentPageInfo: () => void;
  setCurrentArticle: () => void;
  setCurrentNavigationHooks: () => void;
}

export type DocsState = DocsData & DocsActions;

export function initialDocs(): DocsData {
  return {
    numberOfShares: 0,
    isAuth: true,
    currentSectionId: 0,
    currentPartId: 0,
    currentArticle: '',
    currentNavigationHook: [],
    currentOnPageInfo: '',
    sectionParts: SECTION_PARTS,
    onPage: ON_PAGE,
  };
}

/**
 * Takes from a stored value only the fields that have the right type. The section data always
 * comes from the code, so a stored copy of it (old or corrupted) can never replace it.
 */
export function mergePersisted(persisted: unknown, current: DocsState): DocsState {
  if (typeof persisted !== 'object' || persisted === null) return current;
  const stored = persisted as Record<string, unknown>;
  const next: DocsState = { ...current };
  for (const key of ['numberOfShares', 'currentSectionId', 'currentPartId'] as const) {
    const value = stored[key];
    if (typeof value === 'number' && Number.isInteger(value)) next[key] = value;
  }
  for (const key of ['currentArticle', 'currentOnPageInfo'] as const) {
    const value = stored[key];
    if (typeof value === 'string') next[key] = value;
  }
  if (typeof stored.isAuth === 'boolean') next.isAuth = stored.isAuth;
  if (Array.isArray(stored.currentNavigationHook)) {
    next.currentNavigationHook = stored.currentNavigationHook;
  }
  return next;
}

/**
 * The client store `docs`, persisted to localStorage under 'vuex' like the old site's
 * vuex-persistedstate. Hydration from storage is manual (see rehydrateDocs) so the first client
 * render matches the prerendered HTML.
 */
export const useDocsStore = create<DocsState>()(
  persist(
    (set, get) => ({
      ...initialDocs(),
      increaseShares: () => set((state) => ({ numberOfShares: state.numberOfShares + 1 })),
      decreaseShares: () => set((state) => ({ numberOfShares: state.numberOfShares - 1 })),
      setCurrentSectionId: (id) => set({ currentSectionId: id }),
      setCurrentPartId: (id) => set({ currentPartId: id }),
      setCurrentPageInfo: () => {
        const { onPage, currentSectionId, currentPartId } = get();
        const info = onPage
          .find((section) => section.id === currentSectionId)
          ?.parts.find((part) => part.id === currentPartId)?.info;
        if (info !== undefined) set({ currentOnPageInfo: info });
      },
      // The old store read these from `articles` and `navigationHooks`, collections its state
      // never had; until that content exists they leave the state as it is.
      setCurrentArticle: () => undefined,
      setCurrentNavigationHooks: () => undefined,
    }),
    {
      name: DOCS_STORAGE_KEY,
      storage: createJSONStorage(() => window.localStorage),
      partialize: (state): DocsData => ({
        numberOfShares: state.numberOfShares,
        isAuth: state.isAuth,
        currentSectionId: state.currentSectionId,
        currentPartId: state.currentPartId,
        currentArticle: state.currentArticle,
        currentNavigationHook: state.currentNavigationHook,
        currentOnPageInfo: state.currentOnPageInfo,
        sectionParts: state.sectionParts,
        onPage: state.onPage,
      }),
      merge: mergePersisted,
      skipHydration: true,
    },
  ),
);

/** Loads the saved state; called once after hydration. A broken saved value is ignored. */
export async function rehydrateDocs(): Promise<void> {
  try {
    await useDocsStore.persist.rehydrate();
  } catch {
    // JSON that does not parse: keep the initial state; the next change overwrites it.
  }
}

/** 'Please authorise to see' when not authorised, else the share count. */
export function selectShareText(state: DocsData): string {
  return state.isAuth ? `Number of shares: ${state.numberOfShares}` : 'Please authorise to see';
}

/** The parts of the currently selected section (empty for an unknown id). */
export function selectCurrentSectionParts(state: DocsData): SectionPart[] {
  return state.sectionParts.find((section) => section.id === state.currentSectionId)?.parts ?? [];
}

/** The current page info, or the first part of the first section's while none is chosen. */
export function selectPageInfo(state: DocsData): string {
  return state.currentOnPageInfo || (state.onPage[0]?.parts[0]?.info ?? '');
}
