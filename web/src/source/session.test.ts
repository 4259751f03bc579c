// @vitest-environment jsdom
import { storageKey } from '../../../contract/lead-source.json';
import { captureSource, leadSource, takeArrival, type CaptureOptions } from './session';

const AD = 'https://mintline.studio/en?utm_source=telegram&utm_medium=post&utm_campaign=launch';
const FIRST = {
  utm_source: 'telegram',
  utm_medium: 'post',
  utm_campaign: 'launch',
  referrer: 't.me',
  landing: '/en',
  locale: 'en',
  at: 1000,
};

/** A page view of this tab: the ad's landing page unless told, with no privacy signal. */
const view = (options: Partial<CaptureOptions> = {}) =>
  captureSource({
    locale: 'en',
    url: AD,
    referrer: 'https://t.me/s/channel',
    now: () => 1000,
    refused: () => false,
    ...options,
  });

const throwing = (): Storage => {
  throw new DOMException('The operation is insecure.', 'SecurityError');
};

function setSignal(target: object, name: string, value: unknown) {
  Object.defineProperty(target, name, { value, configurable: true });
}

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  Reflect.deleteProperty(navigator, 'globalPrivacyControl');
  Reflect.deleteProperty(navigator, 'doNotTrack');
});

test("stores the first touch in sessionStorage under the contract's key, nowhere else", () => {
  expect(view()).toEqual(FIRST);
  expect(JSON.parse(sessionStorage.getItem(storageKey) ?? 'null')).toEqual(FIRST);
  expect(localStorage.length).toBe(0);
  expect(document.cookie).toBe('');
  expect(leadSource()).toEqual(FIRST);
});

test('the first touch wins: a later page view of the tab neither replaces nor overwrites it', () => {
  view();
  const later = view({ url: 'https://mintline.studio/ru?utm_source=google', locale: 'ru' });
  expect(later).toEqual(FIRST);
  expect(leadSource()).toEqual(FIRST);
  expect(JSON.parse(sessionStorage.getItem(storageKey) ?? 'null')).toEqual(FIRST);
});

test('a stored value this code did not write is replaced by this page view', () => {
  sessionStorage.setItem(storageKey, '{not json');
  expect(view()).toEqual(FIRST);
  expect(JSON.parse(sessionStorage.getItem(storageKey) ?? 'null')).toEqual(FIRST);
});

describe('nothing is captured, stored or sent when the browser signals', () => {
  test.each([
    ['Global Privacy Control', () => setSignal(navigator, 'globalPrivacyControl', true)],
    ['Do Not Track', () => setSignal(navigator, 'doNotTrack', '1')],
  ])('%s', (_name, signal) => {
    signal();
    expect(view({ refused: undefined })).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
    expect(leadSource()).toBeUndefined();
    expect(takeArrival()).toBeUndefined();
  });

  test('even after an earlier page view stored a first touch', () => {
    view();
    setSignal(navigator, 'globalPrivacyControl', true);
    expect(view({ refused: undefined })).toBeUndefined();
    expect(leadSource()).toBeUndefined();
  });
});

describe('without working sessionStorage', () => {
  test('blocked: the source lives in memory for this page view', () => {
    expect(view({ storage: throwing })).toEqual(FIRST);
    expect(leadSource()).toEqual(FIRST);
  });

  test('full: the source lives in memory for this page view', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('Quota exceeded', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(view({ storage: () => full })).toEqual(FIRST);
    expect(leadSource()).toEqual(FIRST);
  });

  test('no arrival is reported, since a reload could not tell it was not the first view', () => {
    view({ storage: throwing });
    expect(takeArrival()).toBeUndefined();
  });
});

describe('the arrival', () => {
  test("is the session's first page view, once, with only its utm_source and referrer", () => {
    view();
    expect(takeArrival()).toEqual({ utm_source: 'telegram', referrer: 't.me' });
    expect(takeArrival()).toBeUndefined();
  });

  test('a direct visit arrives with an empty source, its class being direct', () => {
    view({ url: 'https://mintline.studio/en', referrer: '' });
    expect(JSON.stringify(takeArrival())).toBe('{}');
  });

  test('a reload or a later page view is no arrival', () => {
    view();
    view();
    expect(takeArrival()).toBeUndefined();
  });
});

describe('a first page view that sends no beacon (a docs page)', () => {
  test('stores the first touch and leaves the arrival to the next page view, which reports it once', () => {
    expect(view({ reportsArrival: false })).toEqual(FIRST);
    expect(takeArrival()).toBeUndefined();
    // The landing page, later in the tab: the same first touch, now reported as the arrival.
    expect(view({ url: 'https://mintline.studio/ru', referrer: '' })).toEqual(FIRST);
    expect(takeArrival()).toEqual({ utm_source: 'telegram', referrer: 't.me' });
    // A reload of it, or another page view, finds it reported.
    view({ url: 'https://mintline.studio/ru', referrer: '' });
    expect(takeArrival()).toBeUndefined();
  });

  test('a second docs page before the landing page reports nothing and leaves it pending', () => {
    view({ reportsArrival: false });
    view({ url: 'https://mintline.studio/en/docs/', reportsArrival: false });
    expect(takeArrival()).toBeUndefined();
    view({ url: 'https://mintline.studio/en', referrer: '' });
    expect(takeArrival()).toEqual({ utm_source: 'telegram', referrer: 't.me' });
  });
});
