// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../test/i18n';
import { CHIP_STAGGER_MS } from './services';
import { Services } from './Services';
import { en, ru } from '../../test/messages';

let intersect: (visible: boolean) => void = () => {};

class FakeObserver {
  constructor(private callback: IntersectionObserverCallback) {
    intersect = (visible) =>
      this.callback(
        [{ isIntersecting: visible } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      );
  }
  observe() {}
  disconnect() {}
}

function renderServices(lng: 'en' | 'ru' = 'en') {
  return render(
    <I18nextProvider i18n={createTestI18n(lng)}>
      <Services />
    </I18nextProvider>,
  );
}

const chips = () => Array.from(document.querySelectorAll('.services__chip'));
const visibleCount = () => chips().filter((c) => c.matches('.services__chip--visible')).length;

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A service's name by its docs slug (the consultation chip's is empty). */
function service(messages: typeof en, slug: string): string {
  const found = messages.whatWeOffer.services.find((item) => item.slug === slug);
  if (!found) throw new Error(`no service ${slug}`);
  return found.name;
}

test('shows 14 chips, each a link in its own fixed colour', () => {
  renderServices();
  const links = screen.getAllByRole('link');
  expect(links).toHaveLength(14);
  links.forEach((link, i) =>
    expect(link).toHaveStyle({ backgroundColor: en.whatWeOffer.services[i]?.color }),
  );
});

test('waits for the chips to enter the viewport, then fades them in 30 ms apart', () => {
  renderServices();
  expect(visibleCount()).toBe(0);
  act(() => intersect(false));
  act(() => vi.advanceTimersByTime(1000));
  expect(visibleCount()).toBe(0);

  act(() => intersect(true));
  expect(visibleCount()).toBe(1);
  act(() => vi.advanceTimersByTime(CHIP_STAGGER_MS - 1));
  expect(visibleCount()).toBe(1);
  act(() => vi.advanceTimersByTime(1));
  expect(visibleCount()).toBe(2);
  act(() => vi.advanceTimersByTime(CHIP_STAGGER_MS * 5));
  expect(visibleCount()).toBe(7);
  act(() => vi.advanceTimersByTime(CHIP_STAGGER_MS * 7));
  expect(visibleCount()).toBe(14);
});

test("opens each service's anchor on its docs page of this site, in the same tab", () => {
  renderServices('en');
  const link = screen.getByRole('link', {
    name: new RegExp(service(en, 'services/web3#smart-contracts')),
  });
  expect(link).toHaveAttribute('href', '/en/docs/services/web3#smart-contracts');
  expect(link).not.toHaveAttribute('target');
  const consulting = screen.getByRole('link', {
    name: new RegExp(service(en, 'services/softs#consulting')),
  });
  expect(consulting).toHaveAttribute('href', '/en/docs/services/softs#consulting');
});

test('in Russian the chips open the Russian docs pages', () => {
  renderServices('ru');
  const link = screen.getByRole('link', { name: new RegExp(service(ru, 'services/web3#defi')) });
  expect(link).toHaveAttribute('href', '/ru/docs/services/web3#defi');
});

test('shows every chip at once without IntersectionObserver', () => {
  vi.stubGlobal('IntersectionObserver', undefined);
  // jsdom has no observer; `in window` still sees an undefined stub, so delete it.
  delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  renderServices();
  expect(visibleCount()).toBe(14);
  expect(document.querySelector('.services__chips--armed')).toBeNull();
});
