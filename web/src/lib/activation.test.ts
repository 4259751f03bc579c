// @vitest-environment jsdom
import { wasPrerendered, whenActivated } from './activation';

/** A document as a prerendering browser shows it: `prerendering` until it is activated. */
function prerendered(): Document & { prerendering: boolean } {
  const doc = document.implementation.createHTMLDocument('') as Document & {
    prerendering: boolean;
  };
  doc.prerendering = true;
  return doc;
}

test('a page shown as it loads runs at once, with or without the property', () => {
  const doc = document.implementation.createHTMLDocument('');
  const run = vi.fn();
  whenActivated(run, doc);
  expect(run).toHaveBeenCalledTimes(1);
  Object.defineProperty(doc, 'prerendering', { value: false });
  whenActivated(run, doc);
  expect(run).toHaveBeenCalledTimes(2);
});

test('a prerendered page runs at its activation, once; one never shown never runs', () => {
  const shown = prerendered();
  const never = prerendered();
  const ran: string[] = [];
  whenActivated(() => ran.push('shown'), shown);
  whenActivated(() => ran.push('never'), never);
  expect(ran).toEqual([]);
  shown.prerendering = false;
  shown.dispatchEvent(new Event('prerenderingchange'));
  shown.dispatchEvent(new Event('prerenderingchange'));
  expect(ran).toEqual(['shown']);
});

test('a page was prerendered when its navigation was activated after it started', () => {
  const withEntry = (entries: object[]) =>
    ({ getEntriesByType: () => entries }) as unknown as Performance;
  expect(wasPrerendered(withEntry([{ activationStart: 1333.4 }]))).toBe(true);
  expect(wasPrerendered(withEntry([{ activationStart: 0 }]))).toBe(false);
  // Firefox and WebKit have no activationStart; a page with no navigation entry has nothing.
  expect(wasPrerendered(withEntry([{}]))).toBe(false);
  expect(wasPrerendered(withEntry([]))).toBe(false);
});
