// @vitest-environment jsdom
import { startVitals, type StartVitalsOptions } from './start';

const now = (task: () => void) => task();
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** startVitals with a measuring chunk that loads at once; `measure` is what it would run. */
function start(options: StartVitalsOptions = {}) {
  const measure = vi.fn();
  const load = vi.fn(() => Promise.resolve({ measure }));
  startVitals(() => 'en', { sampleRate: 1, whenIdle: now, load, ...options });
  return { load, measure };
}

function setSignal(target: object, name: string, value: unknown) {
  Object.defineProperty(target, name, { value, configurable: true });
}

afterEach(() => {
  for (const name of ['globalPrivacyControl', 'doNotTrack', 'msDoNotTrack']) {
    Reflect.deleteProperty(navigator, name);
  }
  Reflect.deleteProperty(window, 'doNotTrack');
  vi.restoreAllMocks();
  vi.useRealTimers();
});

test('loads the measuring chunk and measures in the page locale', async () => {
  const { load, measure } = start();
  await settle();
  expect(load).toHaveBeenCalledOnce();
  expect(measure).toHaveBeenCalledOnce();
  expect(measure.mock.calls[0]?.[0]()).toBe('en');
});

test('loads nothing until the page is idle after load', () => {
  vi.useFakeTimers();
  const { load } = start({ whenIdle: undefined });
  expect(load).not.toHaveBeenCalled();
  vi.runAllTimers();
  expect(load).toHaveBeenCalledOnce();
});

test('a page prerendered ahead of a click measures once shown, and nothing if never shown', async () => {
  setSignal(document, 'prerendering', true);
  try {
    const { load } = start();
    await settle();
    expect(load).not.toHaveBeenCalled();
    setSignal(document, 'prerendering', false);
    document.dispatchEvent(new Event('prerenderingchange'));
    await settle();
    expect(load).toHaveBeenCalledOnce();
  } finally {
    Reflect.deleteProperty(document, 'prerendering');
  }
});

describe('sampling', () => {
  test('a rate of 0 never measures', () => {
    for (const random of [0, 0.5, 0.999999]) {
      expect(start({ sampleRate: 0, random: () => random }).load).not.toHaveBeenCalled();
    }
  });

  test('a rate of 1 always measures', () => {
    for (const random of [0, 0.5, 0.999999]) {
      expect(start({ sampleRate: 1, random: () => random }).load).toHaveBeenCalledOnce();
    }
  });

  test('a rate between measures the loads whose draw falls under it', () => {
    expect(start({ sampleRate: 0.25, random: () => 0.1 }).load).toHaveBeenCalledOnce();
    expect(start({ sampleRate: 0.25, random: () => 0.25 }).load).not.toHaveBeenCalled();
    expect(start({ sampleRate: 0.25, random: () => 0.9 }).load).not.toHaveBeenCalled();
  });
});

describe('privacy signals', () => {
  test('Global Privacy Control: nothing is loaded, so nothing is sent', () => {
    setSignal(navigator, 'globalPrivacyControl', true);
    expect(start().load).not.toHaveBeenCalled();
  });

  test('Do Not Track: nothing is loaded, so nothing is sent', () => {
    setSignal(navigator, 'doNotTrack', '1');
    expect(start().load).not.toHaveBeenCalled();
  });

  test("Do Not Track on window or as IE's msDoNotTrack counts too", () => {
    setSignal(window, 'doNotTrack', '1');
    expect(start().load).not.toHaveBeenCalled();
    Reflect.deleteProperty(window, 'doNotTrack');
    setSignal(navigator, 'msDoNotTrack', '1');
    expect(start().load).not.toHaveBeenCalled();
  });
});

describe('a chunk that fails to load', () => {
  test('logs one console notice, no error, and throws nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error');
    const failure = new TypeError('Failed to fetch dynamically imported module');
    expect(() => start({ load: () => Promise.reject(failure) })).not.toThrow();
    await settle();
    expect(warn).toHaveBeenCalledExactlyOnceWith(expect.any(String), failure);
    expect(error).not.toHaveBeenCalled();
  });

  test('a measurement that throws as it starts is the same notice', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const measure = () => {
      throw new Error('no PerformanceObserver');
    };
    start({ load: () => Promise.resolve({ measure }) });
    await settle();
    expect(warn).toHaveBeenCalledOnce();
  });
});
