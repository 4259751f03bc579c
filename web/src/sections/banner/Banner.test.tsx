// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../test/i18n';
import { DELETE_MS, HOLD_MS, PAUSE_MS, TYPE_MS } from './typing';
import { Banner } from './Banner';
import { en, ru } from '../../test/messages';

// The 3D chunk has its own tests (BannerModel.test.tsx).
vi.mock('./BannerModel', () => ({ BannerModel: () => null }));

const [first, second, third] = en.banner.phrases as [string, string, string];

function renderBanner(lng: 'en' | 'ru' = 'en') {
  return render(
    <I18nextProvider i18n={createTestI18n(lng)}>
      <Banner />
    </I18nextProvider>,
  );
}

const typed = () => screen.getByTestId('banner-typed').textContent;
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

beforeEach(() => {
  vi.useFakeTimers();
  mockReducedMotion(false);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test('starts with the first phrase whole, as the server renders it', () => {
  renderBanner();
  expect(typed()).toBe(first);
});

test('holds the phrase 2 s, then deletes one character per 70 ms', () => {
  renderBanner();
  advance(HOLD_MS - 1);
  expect(typed()).toBe(first);
  advance(1 + DELETE_MS - 1);
  expect(typed()).toBe(first);
  advance(1);
  expect(typed()).toBe(first.slice(0, -1));
  advance(DELETE_MS * 2);
  expect(typed()).toBe(first.slice(0, -3));
});

test('pauses 0.5 s after deleting, then types the next phrase at 60 ms per character', () => {
  renderBanner();
  advance(HOLD_MS + DELETE_MS * first.length);
  expect(typed()).toBe('');
  advance(PAUSE_MS + TYPE_MS - 1);
  expect(typed()).toBe('');
  advance(1);
  expect(typed()).toBe(second[0]);
  advance(TYPE_MS * (second.length - 1));
  expect(typed()).toBe(second);
});

test('goes through the third phrase and loops back to the first', () => {
  renderBanner();
  const cycle = (from: string, to: string) =>
    HOLD_MS + DELETE_MS * from.length + PAUSE_MS + TYPE_MS * to.length;
  advance(cycle(first, second));
  expect(typed()).toBe(second);
  advance(cycle(second, third));
  expect(typed()).toBe(third);
  advance(cycle(third, first));
  expect(typed()).toBe(first);
});

test('keeps the first phrase whole under reduced motion', () => {
  mockReducedMotion(true);
  renderBanner();
  advance(60_000);
  expect(typed()).toBe(first);
});

test('gives screen readers every phrase as static text and hides the typed stream', () => {
  renderBanner();
  const heading = screen.getByRole('heading', { level: 1 });
  for (const phrase of [first, second, third]) expect(heading).toHaveTextContent(phrase);
  expect(heading).toHaveTextContent(en.banner.title);
  expect(screen.getByTestId('banner-typed').closest('[aria-hidden="true"]')).not.toBeNull();
  // The accessible name carries each phrase once, not the ghost copies or the typed stream.
  const name = heading.querySelector('.banner__sr')?.textContent ?? '';
  for (const phrase of [first, second, third]) expect(name.split(phrase)).toHaveLength(2);
});

test('shows the offers and the claims in Russian', () => {
  renderBanner('ru');
  for (const offer of ru.banner.offers) expect(screen.getByText(offer)).toBeInTheDocument();
  expect(screen.getByText('50+')).toBeInTheDocument();
  expect(screen.getByText('до $500')).toBeInTheDocument();
  expect(typed()).toBe(ru.banner.phrases[0]);
});

test('sits in the section the header scrolls to', () => {
  const { container } = renderBanner();
  expect(container.querySelector('section#banner')).not.toBeNull();
});
