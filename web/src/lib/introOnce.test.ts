// @vitest-environment jsdom
import {
  INTRO_SEEN_CLASS,
  INTRO_SEEN_KEY,
  introOnceScript,
  introSeen,
  markIntroSeen,
  noteIntroSeen,
} from './introOnce';

const html = document.documentElement;
const PRELOADING = 'preloading';
const blocked = () => {
  throw new DOMException('The operation is insecure.', 'SecurityError');
};

/** A landing page's head as scripts/prerender.mjs writes it: the inline script runs on it. */
function landing() {
  html.className = PRELOADING;
  // The page runs it as a classic script in the global scope; so does this.
  new Function(introOnceScript(PRELOADING))();
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  html.className = '';
  vi.unstubAllGlobals();
});

test("the tab session's first landing keeps its intro: the page stays locked", () => {
  landing();
  expect(html.className).toBe(PRELOADING);
  expect(introSeen()).toBe(false);
});

test('once noted, every later landing takes the intro away before the first paint', () => {
  noteIntroSeen();
  expect(sessionStorage.getItem(INTRO_SEEN_KEY)).toBe('1');
  for (let i = 0; i < 2; i += 1) {
    landing();
    expect(html.className).toBe(INTRO_SEEN_CLASS);
    expect(introSeen()).toBe(true);
  }
});

test('where storage is blocked, the script fails quietly and the intro plays, as before', () => {
  vi.stubGlobal('sessionStorage', {
    getItem: blocked,
    setItem: blocked,
  });
  expect(() => noteIntroSeen()).not.toThrow();
  landing();
  expect(html.className).toBe(PRELOADING);
  expect(() => markIntroSeen()).not.toThrow();
  expect(html.className).toBe(PRELOADING);
});

test('the script is one expression with no markup to break out of its element', () => {
  const script = introOnceScript(PRELOADING);
  expect(script).not.toMatch(/<|>|\n/);
  expect(script).toContain(`"${INTRO_SEEN_KEY}"`);
});

test('a docs page marks <html> for the speculation rules only once the tab had its intro', () => {
  markIntroSeen();
  expect(html.classList.contains(INTRO_SEEN_CLASS)).toBe(false);
  noteIntroSeen();
  markIntroSeen();
  expect(html.classList.contains(INTRO_SEEN_CLASS)).toBe(true);
});
