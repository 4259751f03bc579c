// @vitest-environment jsdom
import { storageKey } from '../../../contract/funnel-beacon.json';
import { noteOnFirstFocus, noteWhenSeen } from './watch';

const ALLOWED = { refused: () => false };
const reached = () =>
  (JSON.parse(sessionStorage.getItem(storageKey) ?? '{"reached":[]}') as { reached: string[] })
    .reached;

let observers: FakeObserver[] = [];

class FakeObserver {
  observed: Element[] = [];
  disconnected = false;
  constructor(readonly callback: IntersectionObserverCallback) {
    observers.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The browser reports the element in or out of the viewport. */
  report(isIntersecting: boolean) {
    const entry = { isIntersecting } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}

beforeEach(() => {
  observers = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  document.body.innerHTML = '';
});

describe('noteWhenSeen', () => {
  test('notes the step once the element enters the viewport, then stops watching', () => {
    const section = document.createElement('section');
    noteWhenSeen(section, 'cases', ALLOWED);
    const [observer] = observers;
    expect(observer?.observed).toEqual([section]);
    observer?.report(false);
    expect(reached()).toEqual([]);
    expect(observer?.disconnected).toBe(false);
    observer?.report(true);
    expect(reached()).toEqual(['cases']);
    expect(observer?.disconnected).toBe(true);
  });

  test('its stop disconnects the observer', () => {
    const stop = noteWhenSeen(document.createElement('section'), 'cases', ALLOWED);
    stop();
    expect(observers[0]?.disconnected).toBe(true);
  });

  test('watches nothing when the visitor asked not to be tracked, or without the observer', () => {
    noteWhenSeen(document.createElement('section'), 'cases', { refused: () => true });
    expect(observers).toEqual([]);
    vi.stubGlobal('IntersectionObserver', undefined);
    Reflect.deleteProperty(window, 'IntersectionObserver');
    expect(() => noteWhenSeen(document.createElement('section'), 'cases', ALLOWED)).not.toThrow();
    expect(reached()).toEqual([]);
  });
});

describe('noteOnFirstFocus', () => {
  function form() {
    const element = document.createElement('form');
    element.innerHTML = '<input name="name"><textarea name="message"></textarea>';
    document.body.append(element);
    return element;
  }

  test('notes the step on the first focus inside the element, and listens no more', () => {
    const element = form();
    // Each note reads the record: a focus that reads nothing noted nothing.
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    noteOnFirstFocus(element, 'form', ALLOWED);
    expect(reached()).toEqual([]);
    element.querySelector('input')?.focus();
    expect(reached()).toEqual(['form']);
    getItem.mockClear();
    element.querySelector('textarea')?.focus();
    element.querySelector('input')?.focus();
    expect(getItem).not.toHaveBeenCalled();
    getItem.mockRestore();
  });

  test('its stop removes the listener', () => {
    const element = form();
    noteOnFirstFocus(element, 'form', ALLOWED)();
    element.querySelector('input')?.focus();
    expect(reached()).toEqual([]);
  });

  test('notes nothing when the visitor asked not to be tracked', () => {
    const element = form();
    noteOnFirstFocus(element, 'form', { refused: () => true });
    element.querySelector('input')?.focus();
    expect(sessionStorage.length).toBe(0);
  });
});
