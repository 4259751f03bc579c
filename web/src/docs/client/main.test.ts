// @vitest-environment jsdom
import { storageKey } from '../../../../contract/funnel-beacon.json';
import { hidePage, resetPage } from '../../test/lifecycle';

afterEach(() => {
  resetPage();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  document.documentElement.lang = 'en';
});

test("a docs page counts the visit's arrival and the read, once a tab session, in its language", async () => {
  // A landing page earlier in the tab counted the arrival and sent it.
  sessionStorage.setItem(storageKey, JSON.stringify({ reached: ['arrived'], sent: ['arrived'] }));
  document.documentElement.lang = 'ru';
  const sendBeacon = vi.fn<(url: string, body: string) => boolean>(() => true);
  vi.stubGlobal('navigator', { ...navigator, sendBeacon });
  vi.stubGlobal('innerWidth', 1440);
  await import('./main');
  hidePage();
  expect(sendBeacon).toHaveBeenCalledOnce();
  const [url, body] = sendBeacon.mock.calls[0] ?? [];
  expect(url).toBe('/api/funnel');
  expect(JSON.parse(body ?? 'null')).toEqual({
    v: 1,
    locale: 'ru',
    device: 'desktop',
    steps: ['docs'],
  });
});

test('a docs page prerendered ahead of a click counts nothing until it is shown', async () => {
  Object.defineProperty(document, 'prerendering', { value: true, configurable: true });
  const sendBeacon = vi.fn<(url: string, body: string) => boolean>(() => true);
  vi.stubGlobal('navigator', { ...navigator, sendBeacon });
  try {
    vi.resetModules();
    await import('./main');
    hidePage();
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(storageKey)).toBeNull();
    Object.defineProperty(document, 'prerendering', { value: false, configurable: true });
    document.dispatchEvent(new Event('prerenderingchange'));
    expect(JSON.parse(sessionStorage.getItem(storageKey) ?? 'null')?.reached).toEqual([
      'arrived',
      'docs',
    ]);
  } finally {
    Reflect.deleteProperty(document, 'prerendering');
  }
});

test('shown from its prerender, a docs page counts its visit after its first frame, not before', async () => {
  Object.defineProperty(document, 'prerendering', { value: true, configurable: true });
  // What Chromium's navigation entry says of a page activated from its prerender (jsdom has no
  // entries by type at all).
  Object.defineProperty(performance, 'getEntriesByType', {
    configurable: true,
    value: (type: string) => (type === 'navigation' ? [{ activationStart: 12 }] : []),
  });
  try {
    vi.resetModules();
    await import('./main');
    Object.defineProperty(document, 'prerendering', { value: false, configurable: true });
    document.dispatchEvent(new Event('prerenderingchange'));
    expect(sessionStorage.getItem(storageKey), 'counted before the first frame').toBeNull();
    await vi.waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem(storageKey) ?? 'null')?.reached).toEqual([
        'arrived',
        'docs',
      ]),
    );
  } finally {
    Reflect.deleteProperty(performance, 'getEntriesByType');
    Reflect.deleteProperty(document, 'prerendering');
  }
});
