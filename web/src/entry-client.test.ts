// @vitest-environment jsdom
import { endpoint, storageKey } from '../../contract/funnel-beacon.json';
import { hidePage, resetPage } from './test/lifecycle';

// The app is not there yet: the first paint, after which it is fetched, has not come.
vi.mock('./lib/firstPaint', () => ({ afterFirstPaint: vi.fn() }));

afterEach(() => {
  resetPage();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

test('a visit that leaves before the app has loaded is counted: its arrival, source and language', async () => {
  window.history.replaceState(null, '', '/ru?utm_source=telegram&utm_medium=post');
  document.documentElement.lang = 'ru';
  const sendBeacon = vi.fn<(url: string, body: string) => boolean>(() => true);
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { sendBeacon }));

  await import('./entry-client');
  await vi.dynamicImportSettled();
  const { afterFirstPaint } = await import('./lib/firstPaint');
  expect(afterFirstPaint).toHaveBeenCalledOnce();
  hidePage();

  expect(sendBeacon).toHaveBeenCalledOnce();
  const [url, body] = sendBeacon.mock.calls[0] ?? [];
  expect(url).toBe(endpoint);
  expect(JSON.parse(body ?? 'null')).toMatchObject({
    locale: 'ru',
    steps: ['arrived'],
    source: { utm_source: 'telegram' },
  });
  expect(JSON.parse(sessionStorage.getItem(storageKey) ?? 'null')).toEqual({
    reached: ['arrived'],
    sent: ['arrived'],
  });
});
