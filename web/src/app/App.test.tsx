// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import { USER_LOCALE_KEY } from '../lib/constants';
import { mockMatchMedia } from '../test/matchMedia';
import { renderApp } from './testing';
import { en, ru } from '../test/messages';

// The shell's tests stand in placeholders for the content sections (tested beside their own code,
// and together with the shell in hydration.test.tsx).
vi.mock('../sections/banner/Banner', () => ({ Banner: () => <section id="banner" /> }));
vi.mock('../sections/marquees/Marquees', () => ({ Marquees: () => <section id="marquees" /> }));
vi.mock('../sections/cases/Cases', () => ({ Cases: () => <section id="cases" /> }));
vi.mock('../sections/services/Services', () => ({ Services: () => <section id="services" /> }));
vi.mock('../sections/about/About', () => ({ About: () => <section id="about" /> }));
vi.mock('../sections/contact/Contact', () => ({ Contact: () => <section id="contact" /> }));

function setBrowserLanguage(language: string) {
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(language);
}

beforeEach(() => {
  localStorage.clear();
  mockMatchMedia({ width: 375, reducedMotion: true });
  setBrowserLanguage('fr-FR');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('route guard', () => {
  test('/en renders the page in English and sets <html lang>', async () => {
    const { location } = await renderApp('/en', 'en');
    expect(location.history).toEqual(['/en']);
    expect(await screen.findByRole('link', { name: en.buttons.hireUs })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(document.title).toBe(en.meta.title);
  });

  test('/ru renders the page in Russian', async () => {
    await renderApp('/ru', 'ru');
    expect(await screen.findByRole('link', { name: ru.buttons.hireUs })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.lang).toBe('ru'));
  });

  test('/ru loads the Russian messages when they are not there yet', async () => {
    await renderApp('/ru', 'en');
    expect(await screen.findByRole('link', { name: ru.buttons.hireUs })).toBeInTheDocument();
  });

  test('/ replaces the route with the saved user-locale', async () => {
    localStorage.setItem(USER_LOCALE_KEY, 'en');
    setBrowserLanguage('ru-RU');
    const { location } = await renderApp('/');
    await waitFor(() => expect(location.history).toEqual(['/en']));
  });

  test('/ replaces the route with the browser language when nothing is saved', async () => {
    setBrowserLanguage('en-GB');
    const { location } = await renderApp('/');
    await waitFor(() => expect(location.history).toEqual(['/en']));
  });

  test('/ falls back to ru for an unsupported browser language', async () => {
    const { location } = await renderApp('/');
    await waitFor(() => expect(location.history).toEqual(['/ru']));
    expect(await screen.findByRole('link', { name: ru.buttons.hireUs })).toBeInTheDocument();
  });

  test('/de is replaced with the guessed default', async () => {
    setBrowserLanguage('en-US');
    const { location } = await renderApp('/de');
    await waitFor(() => expect(location.history).toEqual(['/en']));
  });

  test('an unknown deeper path goes to the guessed locale', async () => {
    localStorage.setItem(USER_LOCALE_KEY, 'ru');
    const { location } = await renderApp('/en/nothing-here');
    await waitFor(() => expect(location.history).toEqual(['/ru']));
  });
});

describe('page composition', () => {
  test('renders the sections in order, then the footer', async () => {
    const { container } = await renderApp('/en');
    await screen.findByRole('banner');
    const ids = [...container.querySelectorAll('main > section[id]')].map((section) => section.id);
    expect(ids).toEqual(['banner', 'marquees', 'cases', 'services', 'about', 'contact']);
    const footer = screen.getByRole('contentinfo');
    expect(container.querySelector('main')?.compareDocumentPosition(footer)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  test('skip link targets the main content', async () => {
    await renderApp('/en');
    const skip = await screen.findByRole('link', { name: en.buttons.skipToContent });
    expect(skip).toHaveAttribute('href', '#main');
    expect(document.getElementById('main')).toBeInTheDocument();
  });
});

test('a corrupted saved docs store does not break the page', async () => {
  localStorage.setItem('vuex', '{"state": {"sectionParts": 5, "numberOfShares": "x"');
  await renderApp('/en');
  expect(await screen.findByRole('link', { name: en.buttons.hireUs })).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2024');
});

test('switching language through the header keeps the page working', async () => {
  const { location } = await renderApp('/en');
  await act(async () => {
    screen.getByRole('link', { name: ru.locales.ru }).click();
  });
  await waitFor(() => expect(location.history).toEqual(['/ru']));
  expect(await screen.findByRole('link', { name: ru.buttons.hireUs })).toBeInTheDocument();
});
