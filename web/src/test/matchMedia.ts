// A controllable matchMedia for tests of the shell and of sections that read media queries.

interface MediaOptions {
  width: number;
  reducedMotion?: boolean;
}

/** Answers `(min-width: Npx)` and `(prefers-reduced-motion: reduce)` like a browser would. */
export function mockMatchMedia({ width, reducedMotion = false }: MediaOptions): void {
  vi.stubGlobal('matchMedia', (query: string) => {
    const minWidth = /min-width:\s*(\d+)px/.exec(query);
    const matches = minWidth
      ? width >= Number(minWidth[1])
      : query.includes('prefers-reduced-motion: reduce') && reducedMotion;
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  });
}
