// @vitest-environment jsdom
import { contentType, endpoint, storageKey } from '../../../contract/funnel-beacon.json';
import { captureSource } from '../source/session';
import { hidePage, pageHide, resetPage, restoreFromBfcache, showPage } from '../test/lifecycle';
import { startFunnel, type FunnelOptions } from './beacon';
import { noteStep, type PageStep } from './steps';

const ALLOWED = { refused: () => false };
let stops: (() => void)[] = [];

/** A browser whose sendBeacon answers `queued`, and a fetch that answers 204 unless told. */
function browser(
  queued = true,
  fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(new Response(null, { status: 204 }))),
) {
  const sendBeacon = vi.fn<(url: string, body: string) => boolean>(() => queued);
  return { nav: { sendBeacon } as unknown as Navigator, sendBeacon, fetchImpl };
}

/** One page view of the tab: starts the funnel and notes the steps it reaches at once. */
function pageView(steps: PageStep[], options: FunnelOptions & { locale?: () => string } = {}) {
  const { locale = () => 'en', ...rest } = options;
  stops.push(startFunnel(locale, { ...ALLOWED, ...rest }));
  for (const step of steps) noteStep(step, { ...ALLOWED, storage: rest.storage });
}

/** The bodies sendBeacon was handed, parsed. */
const bodies = (sendBeacon: ReturnType<typeof browser>['sendBeacon']) =>
  sendBeacon.mock.calls.map(([, body]) => JSON.parse(body) as { steps: PageStep[] });
const stepsSent = (sendBeacon: ReturnType<typeof browser>['sendBeacon']) =>
  bodies(sendBeacon).map((body) => body.steps);

/** The page view ends: its listeners go with it, as a new document starts without them. */
function leave() {
  pageHide();
  for (const stop of stops) stop();
  stops = [];
  showPage();
}

function setSignal(target: object, name: string, value: unknown) {
  Object.defineProperty(target, name, { value, configurable: true });
}

beforeEach(() => vi.stubGlobal('innerWidth', 390));
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  resetPage();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  Reflect.deleteProperty(navigator, 'globalPrivacyControl');
  Reflect.deleteProperty(navigator, 'doNotTrack');
  // A page view under GPC captures nothing: the next test starts without a source.
  captureSource({ locale: 'en', refused: () => true });
});

test('sends the steps reached as one text beacon to the endpoint when the page is hidden', () => {
  const { nav, sendBeacon, fetchImpl } = browser();
  pageView(['arrived', 'cases'], { nav, fetchImpl });
  expect(sendBeacon).not.toHaveBeenCalled();
  hidePage();
  expect(sendBeacon).toHaveBeenCalledExactlyOnceWith(endpoint, expect.any(String));
  expect(bodies(sendBeacon)).toEqual([
    { v: 1, locale: 'en', device: 'mobile', steps: ['arrived', 'cases'] },
  ]);
  expect(fetchImpl).not.toHaveBeenCalled();
});

test('sends once when the page is hidden and then unloaded (pagehide after visibilitychange)', () => {
  const { nav, sendBeacon } = browser();
  pageView(['arrived'], { nav });
  hidePage();
  pageHide();
  expect(sendBeacon).toHaveBeenCalledOnce();
});

test('pagehide alone sends, for a browser that skips visibilitychange', () => {
  const { nav, sendBeacon } = browser();
  pageView(['arrived'], { nav });
  pageHide();
  expect(stepsSent(sendBeacon)).toEqual([['arrived']]);
});

test('counts each step once a tab session: a later page view sends no arrived', () => {
  const { nav, sendBeacon } = browser();
  pageView(['arrived', 'cases'], { nav });
  leave();
  pageView(['arrived', 'docs'], { nav });
  leave();
  pageView(['arrived', 'cases'], { nav });
  leave();
  expect(stepsSent(sendBeacon)).toEqual([['arrived', 'cases'], ['docs']]);
});

test('a page prerendered ahead of the click leaves what the page before reached to that page', () => {
  // Chromium: the page shown from its prerender shares the tab's record, but the page it
  // replaced marks its beacon sent as it is hidden, after this one is shown, where this one
  // does not see it. That page's steps went with its own beacon, so this one's are its own only.
  const { nav, sendBeacon } = browser();
  pageView(['arrived', 'cases'], { nav });
  stops.forEach((stop) => stop());
  stops = [];
  pageView(['arrived', 'docs'], { nav, prerendered: () => true });
  leave();
  expect(stepsSent(sendBeacon)).toEqual([['docs']]);
});

test('a page loaded as usual after a page that sent nothing yet sends it all', () => {
  const { nav, sendBeacon } = browser();
  pageView(['arrived', 'cases'], { nav });
  stops.forEach((stop) => stop());
  stops = [];
  pageView(['docs'], { nav, prerendered: () => false });
  leave();
  expect(stepsSent(sendBeacon)).toEqual([['arrived', 'cases', 'docs']]);
});

test('a step reached while the page is open goes with the next hide', () => {
  const { nav, sendBeacon } = browser();
  pageView(['arrived'], { nav });
  hidePage();
  showPage();
  noteStep('form', ALLOWED);
  hidePage();
  expect(stepsSent(sendBeacon)).toEqual([['arrived'], ['form']]);
});

test('a page restored from the back/forward cache sends only the steps new since', () => {
  const { nav, sendBeacon } = browser();
  pageView(['arrived', 'cases'], { nav });
  pageHide(true);
  restoreFromBfcache();
  hidePage();
  noteStep('form', ALLOWED);
  restoreFromBfcache();
  pageHide(true);
  expect(stepsSent(sendBeacon)).toEqual([['arrived', 'cases'], ['form']]);
});

describe('a beacon the browser did not take', () => {
  test('sendBeacon refuses it and there is no fetch: its steps go with the next hide', () => {
    const refusing = browser(
      false,
      vi.fn<typeof fetch>(() => {
        throw new TypeError('fetch is not a function');
      }),
    );
    pageView(['arrived'], { nav: refusing.nav, fetchImpl: refusing.fetchImpl });
    hidePage();
    expect(refusing.sendBeacon).toHaveBeenCalledOnce();
    expect(JSON.parse(sessionStorage.getItem(storageKey) ?? 'null')).toEqual({
      reached: ['arrived'],
      sent: [],
    });
    leave();

    const { nav, sendBeacon } = browser();
    pageView(['cases'], { nav });
    hidePage();
    expect(stepsSent(sendBeacon)).toEqual([['arrived', 'cases']]);
  });

  test('sendBeacon refuses it: a keepalive fetch without cookies takes it instead', () => {
    const { nav, fetchImpl } = browser(false);
    pageView(['arrived'], { nav, fetchImpl });
    hidePage();
    expect(fetchImpl).toHaveBeenCalledExactlyOnceWith(endpoint, {
      method: 'POST',
      body: JSON.stringify({ v: 1, locale: 'en', device: 'mobile', steps: ['arrived'] }),
      keepalive: true,
      credentials: 'omit',
      headers: { 'Content-Type': contentType },
    });
    pageHide();
    expect(fetchImpl).toHaveBeenCalledOnce();
  });

  test('and the fetch fails: its steps go with the next hide', async () => {
    const failing = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    const { nav, sendBeacon } = browser(false, failing);
    pageView(['arrived'], { nav, fetchImpl: failing });
    hidePage();
    await new Promise((resolve) => setTimeout(resolve, 0));
    showPage();
    sendBeacon.mockReturnValue(true);
    hidePage();
    expect(stepsSent(sendBeacon)).toEqual([['arrived'], ['arrived']]);
    expect(failing).toHaveBeenCalledOnce();
  });
});

test("sends in the page's locale at the time, and nothing in one the site does not have", () => {
  const { nav, sendBeacon } = browser();
  let locale = 'de';
  pageView(['arrived'], { nav, locale: () => locale });
  hidePage();
  expect(sendBeacon).not.toHaveBeenCalled();
  showPage();
  locale = 'ru';
  hidePage();
  expect(bodies(sendBeacon)).toEqual([
    { v: 1, locale: 'ru', device: 'mobile', steps: ['arrived'] },
  ]);
});

test("classes the device by the window's width when the page is hidden", () => {
  const { nav, sendBeacon } = browser();
  pageView(['arrived'], { nav });
  vi.stubGlobal('innerWidth', 1440);
  hidePage();
  expect(bodies(sendBeacon)[0]).toMatchObject({ device: 'desktop' });
});

test("carries the visit's first touch, reduced to what its class is made of", () => {
  captureSource({
    locale: 'en',
    url: 'https://mintline.studio/en?utm_source=telegram&utm_medium=post',
    referrer: 'https://t.me/s/channel',
    refused: () => false,
  });
  const { nav, sendBeacon } = browser();
  pageView(['arrived'], { nav });
  hidePage();
  expect(bodies(sendBeacon)[0]).toEqual({
    v: 1,
    locale: 'en',
    device: 'mobile',
    steps: ['arrived'],
    source: { utm_source: 'telegram', referrer: 't.me' },
  });
});

describe('sends nothing at all when the browser signals', () => {
  test.each([
    ['Global Privacy Control', () => setSignal(navigator, 'globalPrivacyControl', true)],
    ['Do Not Track', () => setSignal(navigator, 'doNotTrack', '1')],
  ])('%s', (_name, signal) => {
    signal();
    const { nav, sendBeacon, fetchImpl } = browser();
    stops.push(startFunnel(() => 'en', { nav, fetchImpl }));
    noteStep('arrived');
    noteStep('cases');
    hidePage();
    pageHide();
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(sessionStorage.length).toBe(0);
  });

  test('even with steps an earlier page view of the tab noted', () => {
    noteStep('arrived', ALLOWED);
    setSignal(navigator, 'globalPrivacyControl', true);
    const { nav, sendBeacon } = browser();
    stops.push(startFunnel(() => 'en', { nav }));
    hidePage();
    expect(sendBeacon).not.toHaveBeenCalled();
  });
});

test('sends nothing where sessionStorage is blocked', () => {
  const blocked = (): Storage => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  const { nav, sendBeacon, fetchImpl } = browser();
  pageView(['arrived', 'cases'], { nav, fetchImpl, storage: blocked });
  hidePage();
  pageHide();
  expect(sendBeacon).not.toHaveBeenCalled();
  expect(fetchImpl).not.toHaveBeenCalled();
});
