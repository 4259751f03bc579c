import { expect, test } from 'vitest';
import { speculationRules } from './speculation-rules.mjs';

const rules = speculationRules(['en', 'ru', 'de']);
const patterns = (rule) =>
  rule.where.and.flatMap((part) => part.href_matches ?? []).map((pattern) => pattern.pathname);
const selectors = (rule) =>
  rule.where.and.map((part) => part.selector_matches ?? `not ${part.not?.selector_matches}`);

test('prerenders every language’s docs pages on intent, and nothing but pages it names', () => {
  const [docs] = rules.prerender;
  expect(docs.eagerness).toBe('moderate');
  expect(docs.source).toBe('document');
  expect(patterns(docs)).toEqual([
    '/en/docs',
    '/en/docs/*',
    '/ru/docs',
    '/ru/docs/*',
    '/de/docs',
    '/de/docs/*',
  ]);
});

test('prerenders a landing page only once the tab has had its intro, and prefetches it before', () => {
  const [, landing] = rules.prerender;
  const [prefetch] = rules.prefetch;
  const landings = ['/en', '/en/', '/ru', '/ru/', '/de', '/de/'];
  expect(patterns(landing)).toEqual(landings);
  expect(patterns(prefetch)).toEqual(landings);
  expect(selectors(landing)[1]).toBe(':root.intro-seen a, :root.intro-seen area');
  expect(selectors(prefetch)[1]).toBe('not :root.intro-seen a, :root.intro-seen area');
  expect(rules.prefetch).toHaveLength(1);
});

test('no rule reaches the API, the editor, the legal pages or a file', () => {
  const every = [...rules.prerender, ...rules.prefetch].flatMap(patterns);
  for (const pattern of every) expect(pattern).toMatch(/^\/[a-z]{2}(\/|\/docs(\/\*)?)?$/);
});

test('every rule leaves downloads, new windows and nofollow links alone', () => {
  for (const rule of [...rules.prerender, ...rules.prefetch]) {
    expect(rule.where.and.at(-1)).toEqual({
      not: { selector_matches: '[download], [target]:not([target="_self"]), [rel~="nofollow"]' },
    });
  }
});
