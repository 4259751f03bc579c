// @vitest-environment jsdom
/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { INTRO_SEEN_CLASS, INTRO_SEEN_KEY, introOncePerVisit, introSkipped } from './introOnce';
import { PRELOADING_CLASS, preloaderCovers, watchVisitorScrolls } from './scrollLock';
import { recordScrolls } from '../../test/scrolls';

// Vitest does not load style sheets, so the CSS is read as text.
const css = readFileSync('src/sections/preloader/Preloader.css', 'utf8');

const html = document.documentElement;
let scrolledTo: string[];

beforeEach(() => {
  scrolledTo = recordScrolls();
  document.body.innerHTML = '<section id="contact"></section>';
  sessionStorage.clear();
  watchVisitorScrolls();
});

afterEach(() => {
  html.classList.remove(PRELOADING_CLASS, INTRO_SEEN_CLASS);
  window.history.replaceState(null, '', '/');
});

/** A landing page as scripts/prerender.mjs writes it, loaded (again) at `address`. */
function landing(address = '/en') {
  html.classList.remove(INTRO_SEEN_CLASS);
  html.classList.add(PRELOADING_CLASS);
  window.history.replaceState(null, '', address);
  return introOncePerVisit();
}

test("the tab session's first landing plays the intro and notes it", () => {
  expect(landing()).toBe(false);
  expect(preloaderCovers()).toBe(true);
  expect(introSkipped()).toBe(false);
  expect(sessionStorage.getItem(INTRO_SEEN_KEY)).toBe('1');
});

test.each(['/en', '/ru', '/en?about=x#contact', '/ru#contact'])(
  'a later landing (%s) takes the intro away and lets the page scroll to its part now',
  (address) => {
    landing();
    expect(landing(address)).toBe(true);
    expect(introSkipped()).toBe(true);
    expect(preloaderCovers()).toBe(false);
    expect(scrolledTo).toEqual(address.endsWith('#contact') ? ['contact'] : []);
  },
);

test('a page without the preloader (a docs page) neither plays nor notes anything', () => {
  expect(introOncePerVisit()).toBe(false);
  expect(sessionStorage.getItem(INTRO_SEEN_KEY)).toBeNull();
  expect(introSkipped()).toBe(false);
});

test('where storage is blocked, every landing plays the intro as before', () => {
  const blocked = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  for (let i = 0; i < 2; i += 1) {
    html.classList.add(PRELOADING_CLASS);
    expect(introOncePerVisit(blocked)).toBe(false);
    expect(preloaderCovers()).toBe(true);
  }
});

test('the style sheet hides the intro under the class, before the Preloader leaves', () => {
  expect(css).toMatch(
    new RegExp(String.raw`html\.${INTRO_SEEN_CLASS} \.preloader \{\s*display: none;\s*\}`),
  );
});
