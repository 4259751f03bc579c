// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { mockMatchMedia } from '../../test/matchMedia';
import { createI18n, loadLocale } from '../../i18n/i18n';
import { DESKTOP_MIN_WIDTH, SOCIAL_LINKS, USER_LOCALE_KEY, type Locale } from '../../lib/constants';
import { initialDocs, useDocsStore } from '../../store/docs';
import { Header } from './Header';
import { en, ru } from '../../test/messages';

async function renderHeader(locale: Locale = 'en', prepare?: (i18n: I18n) => void) {
  const path = `/${locale}`;
  const i18n = createI18n('en');
  // react-i18next hands components a copy of the instance, so spies go on before rendering.
  prepare?.(i18n);
  await loadLocale(i18n, locale);
  await i18n.changeLanguage(locale);
  const location = memoryLocation({ path, record: true });
  const ui = (children: ReactElement) => (
    <I18nextProvider i18n={i18n}>
      <Router hook={location.hook}>{children}</Router>
    </I18nextProvider>
  );
  const view = render(ui(<Header locale={locale} />));
  return { ...view, location, i18n };
}

const burger = () => screen.getByRole('button', { name: /menu|меню/i });

beforeEach(() => {
  useDocsStore.setState(initialDocs());
  localStorage.clear();
  document.body.innerHTML = '';
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe.each([375, DESKTOP_MIN_WIDTH - 1])('below 1280 px (%i px wide)', (width) => {
  beforeEach(() => mockMatchMedia({ width }));

  test('the menu starts closed and the burger toggles it', async () => {
    await renderHeader();
    expect(burger()).toHaveAttribute('aria-expanded', 'false');
    expect(burger()).toHaveAttribute('aria-controls', 'site-menu');
    expect(document.getElementById('site-menu')).toHaveAttribute('data-open', 'false');
    await userEvent.click(burger());
    expect(burger()).toHaveAttribute('aria-expanded', 'true');
    expect(burger()).toHaveAccessibleName(en.buttons.closeMenu);
    expect(document.getElementById('site-menu')).toHaveAttribute('data-open', 'true');
    await userEvent.click(burger());
    expect(burger()).toHaveAttribute('aria-expanded', 'false');
  });

  test('choosing a link closes the sidebar and scrolls to its section', async () => {
    await renderHeader();
    const target = document.createElement('section');
    target.id = 'services';
    target.scrollIntoView = vi.fn();
    document.body.append(target);
    await userEvent.click(burger());
    await userEvent.click(screen.getByRole('link', { name: en.navigation.links.services }));
    expect(burger()).toHaveAttribute('aria-expanded', 'false');
    expect(target.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(window.location.hash).toBe('#services');
  });

  test('Escape closes the menu and focus returns to the burger', async () => {
    await renderHeader();
    await userEvent.click(burger());
    expect(document.activeElement).toBe(burger());
    await userEvent.keyboard('{Escape}');
    expect(burger()).toHaveAttribute('aria-expanded', 'false');
    expect(document.activeElement).toBe(burger());
  });

  test('focus stays inside the open menu', async () => {
    await renderHeader();
    await userEvent.click(burger());
    const telegram = screen.getByRole('link', { name: en.navigation.telegram });
    telegram.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(burger());
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(telegram);
  });

  test('focus moves to the first control when it is outside the open menu', async () => {
    await renderHeader();
    await userEvent.click(burger());
    screen.getByRole('link', { name: en.buttons.hireUs }).focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(burger());
  });

  test('hovering a link opens no preview on small screens', async () => {
    await renderHeader();
    await userEvent.hover(screen.getByRole('link', { name: en.navigation.links.cases }));
    expect(screen.queryByRole('group', { name: /quick links/i })).not.toBeInTheDocument();
  });
});

describe.each([DESKTOP_MIN_WIDTH, 1920])('at 1280 px and up (%i px wide)', (width) => {
  beforeEach(() => mockMatchMedia({ width }));

  test('the menu is always open: no expanded burger state', async () => {
    await renderHeader();
    await userEvent.click(burger());
    expect(document.getElementById('site-menu')).toHaveAttribute('data-open', 'false');
    expect(screen.getByRole('navigation', { name: en.navigation.label })).toBeInTheDocument();
  });

  test('hovering a link opens its group: 2 big and 3 small cards', async () => {
    await renderHeader();
    await userEvent.hover(screen.getByRole('link', { name: en.navigation.links.services }));
    const panel = screen.getByRole('group', { name: 'Quick links: Services' });
    const cards = within(panel).getAllByRole('listitem');
    expect(cards).toHaveLength(5);
    expect(cards.filter((card) => card.classList.contains('preview__item--big'))).toHaveLength(2);
    expect(cards.filter((card) => card.classList.contains('preview__item--small'))).toHaveLength(3);
    const [first] = cards;
    const teaser = en.navigation.services[0]?.description ?? '';
    expect(first && within(first).getByText(teaser)).toBeVisible();
  });

  test.each([
    ['cases', 0],
    ['services', 1],
    ['about', 2],
  ] as const)('hovering %s sets currentSectionId to %i', async (group, id) => {
    useDocsStore.setState({ currentSectionId: 9 });
    await renderHeader();
    await userEvent.hover(screen.getByRole('link', { name: en.navigation.links[group] }));
    await waitFor(() => expect(useDocsStore.getState().currentSectionId).toBe(id));
  });

  test('leaving the link and its panel closes the panel', async () => {
    await renderHeader();
    const link = screen.getByRole('link', { name: en.navigation.links.about });
    await userEvent.hover(link);
    expect(link).toHaveAttribute('aria-expanded', 'true');
    const item = link.closest('li');
    if (item) await userEvent.unhover(item);
    expect(link).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('group', { name: /quick links/i })).not.toBeInTheDocument();
  });

  test('a card opens its docs page of this site in the same tab and sets currentPartId from its title', async () => {
    await renderHeader();
    await userEvent.hover(screen.getByRole('link', { name: en.navigation.links.cases }));
    const softs = screen.getByRole('link', { name: /^Softs/ });
    expect(softs).toHaveAttribute('href', '/en/docs/cases/freightly');
    expect(softs).not.toHaveAttribute('target');
    fireEvent.click(softs);
    await waitFor(() => expect(useDocsStore.getState().currentPartId).toBe(3));
    fireEvent.click(screen.getByRole('link', { name: /^Web2/ }));
    await waitFor(() => expect(useDocsStore.getState().currentPartId).toBe(1));
  });

  test('in Russian the cards link to the Russian docs and keep the same part ids', async () => {
    await renderHeader('ru');
    await userEvent.hover(screen.getByRole('link', { name: ru.navigation.links.cases }));
    const soft = screen.getByRole('link', { name: /^Софт/ });
    expect(soft).toHaveAttribute('href', '/ru/docs/cases/freightly');
    fireEvent.click(soft);
    await waitFor(() => expect(useDocsStore.getState().currentPartId).toBe(3));
  });

  test('Escape closes a panel opened by the mouse', async () => {
    await renderHeader();
    const link = screen.getByRole('link', { name: en.navigation.links.about });
    await userEvent.hover(link);
    expect(link).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(link).toHaveAttribute('aria-expanded', 'false');
  });

  test('works with the keyboard: focus opens, Escape closes, Tab out closes', async () => {
    await renderHeader();
    const link = screen.getByRole('link', { name: en.navigation.links.cases });
    act(() => link.focus());
    expect(screen.getByRole('group', { name: 'Quick links: Cases' })).toBeInTheDocument();
    await userEvent.tab();
    expect(document.activeElement).toHaveTextContent('Web3');
    await userEvent.keyboard('{Escape}');
    expect(link).toHaveAttribute('aria-expanded', 'false');
    expect(document.activeElement).toBe(link);
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.queryByRole('group', { name: 'Quick links: Cases' })).not.toBeInTheDocument();
  });
});

describe('header links', () => {
  beforeEach(() => mockMatchMedia({ width: 1920 }));

  test('Hire us scrolls smoothly to the contact section', async () => {
    await renderHeader();
    const contact = document.createElement('section');
    contact.id = 'contact';
    contact.scrollIntoView = vi.fn();
    document.body.append(contact);
    const hire = screen.getByRole('link', { name: en.buttons.hireUs });
    expect(hire).toHaveAttribute('href', '#contact');
    await userEvent.click(hire);
    expect(contact.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
  });

  test('navigation links are anchors that work without JavaScript', async () => {
    await renderHeader();
    for (const group of ['cases', 'services', 'about'] as const) {
      expect(screen.getByRole('link', { name: en.navigation.links[group] })).toHaveAttribute(
        'href',
        `#${group}`,
      );
    }
  });

  test('X and Telegram links have names and open in a new tab', async () => {
    await renderHeader();
    const x = screen.getByRole('link', { name: en.navigation.x });
    const telegram = screen.getByRole('link', { name: en.navigation.telegram });
    expect(x).toHaveAttribute('href', SOCIAL_LINKS.x);
    expect(telegram).toHaveAttribute('href', SOCIAL_LINKS.telegram);
    for (const link of [x, telegram]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener');
    }
  });
});

describe('language switch', () => {
  beforeEach(() => mockMatchMedia({ width: 375 }));

  test('Eng and Ru are real links to /en and /ru', async () => {
    await renderHeader();
    expect(screen.getByRole('link', { name: 'Eng' })).toHaveAttribute('href', '/en');
    expect(screen.getByRole('link', { name: 'Ru' })).toHaveAttribute('href', '/ru');
    expect(screen.getByRole('link', { name: 'Eng' })).toHaveAttribute('aria-current', 'true');
  });

  test('Ru loads Russian, sets <html lang>, saves user-locale and replaces the route', async () => {
    const { location, i18n } = await renderHeader('en');
    expect(i18n.hasResourceBundle('ru', 'translation')).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Ru' }));
    // The Russian bundle is a lazy chunk: the switch completes (its last step replaces the
    // route) once the chunk has loaded, which on a busy machine outlasts the click's promise.
    await waitFor(() => expect(location.history).toEqual(['/ru']));
    expect(await screen.findByRole('link', { name: ru.buttons.hireUs })).toBeInTheDocument();
    expect(i18n.language).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    expect(localStorage.getItem(USER_LOCALE_KEY)).toBe('ru');
    expect(document.cookie).toContain('user-locale=ru');
  });

  test('choosing a language closes the mobile sidebar', async () => {
    await renderHeader('en');
    await userEvent.click(burger());
    await userEvent.click(screen.getByRole('link', { name: 'Ru' }));
    expect(burger()).toHaveAttribute('aria-expanded', 'false');
  });

  test('Eng switches back to English', async () => {
    const { location } = await renderHeader('ru');
    await userEvent.click(screen.getByRole('link', { name: 'Eng' }));
    await waitFor(() => expect(location.history).toEqual(['/en']));
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(USER_LOCALE_KEY)).toBe('en');
  });

  test('goes to / when switching fails', async () => {
    const { location, i18n } = await renderHeader('en', (instance) => {
      vi.spyOn(instance, 'addResourceBundle').mockImplementation(() => {
        throw new Error('the Russian chunk did not load');
      });
    });
    await userEvent.click(screen.getByRole('link', { name: 'Ru' }));
    await waitFor(() => expect(location.history).toEqual(['/']));
    expect(i18n.language).toBe('en');
  });
});
