// Test helpers for the shell: a controllable matchMedia and an App on an in-memory location.
import { render } from '@testing-library/react';
import { memoryLocation } from 'wouter/memory-location';
import { createI18n, loadLocale } from '../i18n/i18n';
import type { Locale } from '../lib/constants';
import { App } from './App';

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

/** Renders the whole app at `path`, with the messages of `locale` loaded as the client would. */
export async function renderApp(path: string, locale: Locale = 'en') {
  const location = memoryLocation({ path, record: true });
  const i18n = createI18n('en');
  await loadLocale(i18n, locale);
  await i18n.changeLanguage(locale);
  const view = render(<App i18n={i18n} hook={location.hook} />);
  return { ...view, location, i18n };
}
