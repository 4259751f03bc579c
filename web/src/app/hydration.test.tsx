import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createI18n, loadLocale } from '../i18n/i18n';
import type { Locale } from '../lib/constants';
import { App } from './App';
import { mockMatchMedia } from '../test/matchMedia';
import { ru } from '../test/messages';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe.each(['en', 'ru'] as const)('the prerendered %s page', (locale: Locale) => {
  test.each([375, 1920])('hydrates at %i px without a mismatch', async (width) => {
    mockMatchMedia({ width, reducedMotion: true });
    localStorage.setItem('vuex', JSON.stringify({ state: { currentSectionId: 2 }, version: 0 }));
    const html = renderToString(<App i18n={createI18n(locale, { ru })} ssrPath={`/${locale}`} />);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    window.history.replaceState(null, '', `/${locale}`);

    // As app/start.tsx does: the page's own language is loaded before hydrating.
    const i18n = createI18n('en');
    await loadLocale(i18n, locale);
    await i18n.changeLanguage(locale);
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <App i18n={i18n} />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('h1')).not.toBeNull();
    act(() => root?.unmount());
  });
});
