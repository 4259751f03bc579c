// @vitest-environment jsdom
/// <reference types="node" />
import { readFileSync } from 'node:fs';
import {
  PRELOADING_CLASS,
  preloaderCovers,
  releaseScrollLock,
  watchVisitorScrolls,
} from './scrollLock';
import { whenPreloaderGone } from './whenGone';

// Vitest does not load style sheets or the page template, so both are read as text.
const globalCss = readFileSync('src/app/global.css', 'utf8');
const template = readFileSync('index.html', 'utf8');

const html = document.documentElement;
let scrolledTo: string[];

beforeEach(() => {
  scrolledTo = [];
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolledTo.push(this.id);
  });
  document.body.innerHTML = '<section id="cases"></section><section id="contact"></section>';
  html.classList.add(PRELOADING_CLASS);
  watchVisitorScrolls();
});

afterEach(() => {
  html.classList.remove(PRELOADING_CLASS);
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

describe('releasing the lock', () => {
  test.each(['#contact', '#cases', '#%63ontact'])(
    'scrolls to the part the address names (%s), which was held back until now',
    (hash) => {
      window.history.replaceState(null, '', `/en?about=x${hash}`);
      releaseScrollLock();
      expect(preloaderCovers()).toBe(false);
      expect(scrolledTo).toEqual([decodeURIComponent(hash.slice(1))]);
    },
  );

  test.each(['', '#', '#nowhere', '#%E0%A4%A'])(
    'scrolls nowhere for an address without a part (%j), and does not throw',
    (hash) => {
      window.history.replaceState(null, '', `/en${hash}`);
      expect(() => releaseScrollLock()).not.toThrow();
      expect(preloaderCovers()).toBe(false);
      expect(scrolledTo).toEqual([]);
    },
  );

  test('does nothing the second time (the page is no longer held)', () => {
    window.history.replaceState(null, '', '/en#contact');
    releaseScrollLock();
    releaseScrollLock();
    expect(scrolledTo).toEqual(['contact']);
  });
});

describe('the part the address names, once the parts are back', () => {
  beforeEach(() => window.history.replaceState(null, '', '/en?about=x#contact'));

  test('is scrolled to though the browser had gone there already (placeholders above it)', () => {
    // Under reduced motion the parts before it were laid out a window's height each when the
    // browser went to the fragment; at their real size, the part is thousands of pixels lower.
    vi.stubGlobal('scrollY', 4876);
    releaseScrollLock();
    expect(preloaderCovers()).toBe(false);
    expect(scrolledTo).toEqual(['contact']);
  });

  test.each([
    new WheelEvent('wheel'),
    new TouchEvent('touchmove'),
    new KeyboardEvent('keydown', { key: 'PageDown' }),
    new PointerEvent('pointerdown'),
  ])('is left alone once the visitor has moved the page themselves ($type)', (event) => {
    vi.stubGlobal('scrollY', 300);
    document.body.dispatchEvent(event);
    releaseScrollLock();
    expect(preloaderCovers()).toBe(false);
    expect(scrolledTo).toEqual([]);
  });

  test('is scrolled to whatever the page scrolled by itself (scroll events are not the visitor)', () => {
    window.dispatchEvent(new Event('scroll'));
    releaseScrollLock();
    expect(scrolledTo).toEqual(['contact']);
  });
});

describe('waiting for the preloader', () => {
  test('one promise for every caller, resolved when the class leaves', async () => {
    const first = whenPreloaderGone();
    expect(whenPreloaderGone()).toBe(first);
    let gone = false;
    void first.then(() => (gone = true));
    await Promise.resolve();
    expect(gone).toBe(false);
    html.classList.add('another-class');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(gone).toBe(false);
    releaseScrollLock();
    await first;
    expect(gone).toBe(true);
    html.classList.remove('another-class');
  });

  test('resolves at once on a page the preloader does not cover', async () => {
    html.classList.remove(PRELOADING_CLASS);
    expect(preloaderCovers()).toBe(false);
    await expect(whenPreloaderGone()).resolves.toBeUndefined();
  });
});

describe('the parts held back under the preloader (global.css)', () => {
  const selectors = (css: string, root = 'html') =>
    new RegExp(
      `@layer preloading \\{[\\s\\S]*?(${root}\\.preloading[^{]*)\\{\\s*display: ([a-z-]+);`,
    )
      .exec(css)
      ?.slice(1)
      .map((part) => part.replace(/\s+/g, ' ').trim());

  test('are off the page only where the preloader plays, in a layer of their own', () => {
    const [rule, display] = selectors(globalCss) ?? [];
    expect(rule).toBe('html.preloading main > :not(:first-child), html.preloading #root > footer');
    expect(display).toBe('none');
    const layer = globalCss.slice(globalCss.indexOf('@layer preloading'));
    expect(layer).toMatch(
      /^@layer preloading \{\s*@media \(prefers-reduced-motion: no-preference\)/,
    );
  });

  test('show from the start without JavaScript: the template reverts that very rule', () => {
    const noscript =
      /<noscript>\s*(?:<!--[\s\S]*?-->\s*)?<style>([\s\S]*?)<\/style>\s*<\/noscript>/.exec(
        template,
      )?.[1];
    expect(noscript).toBeDefined();
    // The same elements, in the same layer, one class heavier (the page's own sheet comes later
    // in the head, so an equal weight would lose): the revert wins.
    const [rule, display] = selectors(noscript ?? '', ':root') ?? [];
    expect(rule).toBe(selectors(globalCss)?.[0]?.replaceAll('html.', ':root.'));
    expect(display).toBe('revert-layer');
  });
});
