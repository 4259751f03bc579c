// @vitest-environment jsdom
import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals/attribution';
import { measure } from './measure';
import { captureSource } from '../source/session';
import { hidePage, resetPage, restoreFromBfcache } from './testing';

vi.mock('web-vitals/attribution', () => ({
  onCLS: vi.fn(),
  onFCP: vi.fn(),
  onINP: vi.fn(),
  onLCP: vi.fn(),
  onTTFB: vi.fn(),
}));

afterEach(() => {
  resetPage();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

test("registers web-vitals' five metrics and beacons them in the page's locale and size", () => {
  const sendBeacon = vi.fn(() => true);
  vi.stubGlobal('navigator', { ...navigator, sendBeacon });
  vi.stubGlobal('innerWidth', 1440);
  measure(() => 'ru');

  for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) {
    expect(on).toHaveBeenCalledWith(expect.any(Function), { reportAllChanges: true });
  }
  const reportLCP = vi.mocked(onLCP).mock.calls[0]?.[0];
  reportLCP?.({ name: 'LCP', value: 900, navigationType: 'navigate' } as never);
  hidePage();

  expect(sendBeacon).toHaveBeenCalledOnce();
  const [url, body] = sendBeacon.mock.calls[0] as unknown as [string, string];
  expect(url).toBe('/api/vitals');
  expect(JSON.parse(body)).toMatchObject({ locale: 'ru', device: 'desktop', route: '/:locale' });
});

describe("the visit's source", () => {
  /** A page view of the tab, landed on from a Telegram post. */
  const pageView = () =>
    captureSource({
      locale: 'en',
      url: 'https://mintline.studio/en?utm_source=telegram&utm_medium=post',
      referrer: 'https://t.me/',
      refused: () => false,
    });

  /** Measures the page view, then plays a report and a hide for each view of it; the bodies. */
  function beacons(views: number) {
    const sendBeacon = vi.fn<(url: string, body: string) => boolean>(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    measure(() => 'en');
    const reportTTFB = vi.mocked(onTTFB).mock.calls.at(-1)?.[0];
    for (let view = 0; view < views; view++) {
      if (view > 0) restoreFromBfcache();
      reportTTFB?.({ name: 'TTFB', value: 200, navigationType: 'navigate' } as never);
      hidePage();
    }
    return sendBeacon.mock.calls.map(([, body]) => JSON.parse(body) as { source?: unknown });
  }

  test("goes with the tab session's first page view, and not with its return from the cache", () => {
    pageView();
    const [first, restored] = beacons(2);
    expect(first?.source).toEqual({ utm_source: 'telegram', referrer: 't.me' });
    expect(restored).toBeDefined();
    expect(restored).not.toHaveProperty('source');
  });

  test('does not go with a reload or a later page view: the visit is counted once', () => {
    pageView();
    pageView();
    const [later] = beacons(1);
    expect(later).toBeDefined();
    expect(later).not.toHaveProperty('source');
  });
});
