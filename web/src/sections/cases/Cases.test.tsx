// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { CaseItem } from '../../lib/cases';
import { storageKey } from '../../../../contract/funnel-beacon.json';
import { createTestI18n } from '../../test/i18n';
import { Cases } from './Cases';
import { en, ru } from '../../test/messages';

const CASES = en.cases.items;
function byId(items: readonly CaseItem[], id: string): CaseItem {
  const item = items.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`no case ${id}`);
  return item;
}

function nth(index: number): CaseItem {
  const item = CASES[index];
  if (!item) throw new Error(`no case ${index}`);
  return item;
}

/** The highlight's observer, the one with thresholds. */
let observed: IntersectionObserverCallback | undefined;
/** The funnel's, which watches the section come into view (no thresholds). */
const funnel: { observer?: FakeObserver } = {};

class FakeObserver {
  target: Element | undefined;
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    if (options?.threshold) observed = callback;
    else funnel.observer = this;
  }
  observe(target: Element) {
    this.target = target;
  }
  disconnect() {
    this.disconnected = true;
  }
}

const mediaListeners = new Set<() => void>();

/** Pretends the window is `width` px wide; media query listeners hear about later changes. */
function setWidth(width: number) {
  vi.stubGlobal('innerWidth', width);
  vi.stubGlobal('innerHeight', 800);
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const min = /min-width:\s*(\d+)px/.exec(query);
    const matches = max ? width <= Number(max[1]) : min ? width >= Number(min[1]) : false;
    return {
      matches,
      media: query,
      addEventListener: (_type: string, listener: () => void) => mediaListeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => mediaListeners.delete(listener),
    };
  });
  act(() => mediaListeners.forEach((listener) => listener()));
}

function renderCases(lng: 'en' | 'ru' = 'en') {
  return render(
    <I18nextProvider i18n={createTestI18n(lng)}>
      <Cases />
    </I18nextProvider>,
  );
}

/** Lays the cards out 500 px apart, scrolled by `scroll` px, and tells the observer. */
function scrollCardsTo(scroll: number) {
  const cards = document.querySelectorAll<HTMLElement>('.case-card');
  cards.forEach((card, i) => {
    const top = i * 500 - scroll;
    card.getBoundingClientRect = () => ({ top, bottom: top + 450 }) as DOMRect;
  });
  act(() => observed?.([], {} as IntersectionObserver));
}

const activeName = () =>
  document.querySelector('.case-card--active .case-card__name')?.textContent ?? null;

beforeEach(() => {
  mediaListeners.clear();
  observed = undefined;
  funnel.observer = undefined;
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

test('shows seven cases with logo, name, links, description, preview and hint', () => {
  setWidth(1280);
  renderCases();
  const cards = screen.getAllByRole('article');
  expect(cards).toHaveLength(7);
  const first = within(cards[0] as HTMLElement);
  const item = nth(0);
  expect(first.getByRole('heading', { name: item.name })).toBeInTheDocument();
  expect(first.getByAltText(`${item.name} logo`)).toHaveAttribute(
    'src',
    '/images/cases/icon-1.svg',
  );
  expect(first.getByRole('link', { name: new RegExp(item.link_name) })).toHaveAttribute(
    'href',
    item.link,
  );
  expect(first.getByText(byId(en.cases.items, 'aurelia').description)).toBeInTheDocument();
  expect(first.getByText(byId(en.cases.items, 'aurelia').hint)).toBeInTheDocument();
  expect(first.getByAltText(byId(en.cases.items, 'aurelia').alt)).toHaveAttribute(
    'loading',
    'lazy',
  );
});

test('shows each case with the logo and picture its data names, in the order of the data', () => {
  setWidth(1280);
  renderCases();
  const logos = screen.getAllByAltText(/logo$/).map((img) => img.getAttribute('src'));
  expect(logos).toEqual(CASES.map((item) => item.logo));
  const names = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
  expect(names).toEqual(CASES.map((item) => item.name));
  const pictures = CASES.map((item) => screen.getByAltText(item.alt).getAttribute('src'));
  expect(pictures).toEqual(
    CASES.map((item) => `${item.image.replace(/\/(case-\d)\.webp$/, '/built/$1')}-960.webp`),
  );
});

test('links X or Instagram by sType', () => {
  setWidth(1280);
  renderCases();
  for (const item of CASES) {
    const link = screen.getByRole('link', { name: new RegExp(item.social_name) });
    const host = item.sType === 'x' ? 'https://x.com/' : 'https://www.instagram.com/';
    expect(link).toHaveAttribute('href', host + item.social);
    expect(link).toHaveTextContent(item.sType === 'x' ? 'X' : 'Instagram');
  }
});

test('tells screen readers that the website and social links open a new tab', () => {
  setWidth(1280);
  renderCases();
  const item = nth(0);
  for (const name of [item.link_name, item.social_name]) {
    const link = screen.getByRole('link', { name: new RegExp(name) });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAccessibleName(expect.stringContaining(en.cases.newTab));
  }
});

test("Learn more opens the case's docs page on this site, in the same tab, in the page's language", () => {
  setWidth(1280);
  renderCases('ru');
  const more = screen.getByRole('link', { name: `Подробнее о кейсе ${nth(1).name}` });
  expect(more).toHaveAttribute('href', `/ru/docs/cases/${nth(1).id}`);
  expect(more).not.toHaveAttribute('target');
  expect(screen.getByText(byId(ru.cases.items, 'medra').description)).toBeInTheDocument();
});

test('at 1024 px highlights the card nearest the viewport centre as the page scrolls', () => {
  setWidth(1024);
  renderCases();
  scrollCardsTo(0);
  expect(activeName()).toBe(nth(0).name);
  scrollCardsTo(300);
  expect(activeName()).toBe(nth(1).name);
  scrollCardsTo(2325);
  expect(activeName()).toBe(nth(5).name);
  expect(document.querySelectorAll('.case-card--active')).toHaveLength(1);
});

test('on wider screens highlights nothing: the title is pinned instead', () => {
  setWidth(1025);
  renderCases();
  expect(observed).toBeUndefined();
  expect(document.querySelector('.case-card--active')).toBeNull();
});

test('fades the pinned title out as the end of the list rises to it', () => {
  setWidth(1280);
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  renderCases();
  const pinned = document.querySelector('.cases__pinned') as HTMLElement;
  const list = document.querySelector('.cases__list') as HTMLElement;
  pinned.getBoundingClientRect = () => ({ top: 120, bottom: 320, height: 200 }) as DOMRect;
  const scrollListEndTo = (bottom: number) => {
    list.getBoundingClientRect = () => ({ bottom }) as DOMRect;
    window.dispatchEvent(new Event('scroll'));
    frames.splice(0).forEach((cb) => cb(0));
  };
  scrollListEndTo(3000);
  expect(pinned.style.opacity).toBe('1');
  scrollListEndTo(420);
  expect(Number(pinned.style.opacity)).toBeCloseTo(0.5);
  scrollListEndTo(100);
  expect(pinned.style.opacity).toBe('0');
});

test('stops highlighting when the window widens past 1024 px', () => {
  setWidth(800);
  renderCases();
  scrollCardsTo(0);
  expect(activeName()).toBe(nth(0).name);
  setWidth(1280);
  expect(document.querySelector('.case-card--active')).toBeNull();
});

test("notes the funnel's cases step once the section comes into view, and stops watching", () => {
  setWidth(1280);
  renderCases();
  const reached = () => JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as unknown;
  const { observer } = funnel;
  if (!observer) throw new Error("the funnel's observer was not made");
  expect(observer.target).toBe(document.getElementById('cases'));
  const seen = (isIntersecting: boolean) =>
    observer.callback(
      [{ isIntersecting } as IntersectionObserverEntry],
      observer as unknown as IntersectionObserver,
    );
  seen(false);
  expect(reached()).toBeNull();
  seen(true);
  expect(reached()).toEqual({ reached: ['cases'], sent: [] });
  expect(observer.disconnected).toBe(true);
});
