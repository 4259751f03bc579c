// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createI18n, loadLocale } from '../i18n/i18n';
import { PRELOADER_REMOVE_MS, type Locale } from '../lib/constants';
import { PRELOADING_CLASS } from '../sections/preloader/scrollLock';
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

describe('under the preloader', () => {
  const hydrated = (element: Element | null) =>
    !!element && Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

  afterEach(() => {
    vi.useRealTimers();
    document.documentElement.classList.remove(PRELOADING_CLASS);
  });

  test('hydrates the header and the banner, and the parts below once it has gone', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    mockMatchMedia({ width: 375 });
    const html = renderToString(<App i18n={createI18n('en')} ssrPath="/en" />);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    document.documentElement.classList.add(PRELOADING_CLASS);
    window.history.replaceState(null, '', '/en');

    const recoverable = vi.fn();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <App i18n={createI18n('en')} />, {
        onRecoverableError: recoverable,
      });
    });
    expect(hydrated(container.querySelector('header'))).toBe(true);
    expect(hydrated(container.querySelector('.banner'))).toBe(true);
    // Below the banner the prerendered HTML stays as it was, untouched by React.
    for (const part of ['#cases', '#services', '#about', '#contact', 'footer'])
      expect(hydrated(container.querySelector(part)), part).toBe(false);
    expect(container.querySelector('#contact form')).not.toBeNull();

    // The preloader leaves at 4.2 s and lets the page go: every part wakes, without a mismatch.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PRELOADER_REMOVE_MS);
    });
    expect(document.documentElement.classList.contains(PRELOADING_CLASS)).toBe(false);
    for (const part of ['#cases', '#services', '#about', '#contact', 'footer'])
      expect(hydrated(container.querySelector(part)), part).toBe(true);
    expect(recoverable).not.toHaveBeenCalled();
    act(() => root?.unmount());
  });
});
