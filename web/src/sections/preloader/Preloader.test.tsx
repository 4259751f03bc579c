// @vitest-environment jsdom
/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { act, render as rtlRender, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../i18n/i18n';
import { mockMatchMedia } from '../../test/matchMedia';
import { PRELOADER_FADE_MS, PRELOADER_REMOVE_MS } from '../../lib/constants';
import { INTRO_SEEN_CLASS } from '../../lib/introOnce';
import { Preloader } from './Preloader';
import { PRELOADING_CLASS } from './scrollLock';
import { PRELOADER_VIDEO } from './video';

// Vitest does not load style sheets, so the CSS is read as text.
const css = readFileSync('src/sections/preloader/Preloader.css', 'utf8');

const render = (ui: ReactElement) =>
  rtlRender(<I18nextProvider i18n={createI18n('en')}>{ui}</I18nextProvider>);

const preloader = () => screen.queryByTestId('preloader');
const locked = () => document.documentElement.classList.contains(PRELOADING_CLASS);

beforeEach(() => {
  vi.useFakeTimers();
  mockMatchMedia({ width: 375 });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.documentElement.classList.remove(PRELOADING_CLASS, INTRO_SEEN_CLASS);
});

test('plays, starts fading at 3.9 s and is removed at 4.2 s', () => {
  render(<Preloader />);
  expect(preloader()).toHaveAttribute('data-phase', 'playing');
  act(() => vi.advanceTimersByTime(PRELOADER_FADE_MS - 1));
  expect(preloader()).toHaveAttribute('data-phase', 'playing');
  act(() => vi.advanceTimersByTime(1));
  expect(preloader()).toHaveAttribute('data-phase', 'fading');
  act(() => vi.advanceTimersByTime(PRELOADER_REMOVE_MS - PRELOADER_FADE_MS - 1));
  expect(preloader()).toBeInTheDocument();
  act(() => vi.advanceTimersByTime(1));
  expect(preloader()).not.toBeInTheDocument();
});

test('counts from the start of the page load, like its CSS animation', () => {
  vi.advanceTimersByTime(3000);
  render(<Preloader />);
  act(() => vi.advanceTimersByTime(PRELOADER_FADE_MS - 3000));
  expect(preloader()).toHaveAttribute('data-phase', 'fading');
  act(() => vi.advanceTimersByTime(PRELOADER_REMOVE_MS - PRELOADER_FADE_MS));
  expect(preloader()).not.toBeInTheDocument();
});

test('lets the page scroll in the same update that removes it at 4.2 s, not before', () => {
  // As scripts/prerender.mjs writes the landing pages.
  document.documentElement.classList.add(PRELOADING_CLASS);
  render(<Preloader />);
  act(() => vi.advanceTimersByTime(PRELOADER_REMOVE_MS - 1));
  expect(preloader()).toBeInTheDocument();
  expect(locked()).toBe(true);
  act(() => vi.advanceTimersByTime(1));
  expect(preloader()).not.toBeInTheDocument();
  expect(locked()).toBe(false);
});

test('under prefers-reduced-motion lets the page scroll at once', () => {
  mockMatchMedia({ width: 375, reducedMotion: true });
  document.documentElement.classList.add(PRELOADING_CLASS);
  render(<Preloader />);
  expect(locked()).toBe(false);
});

test('leaves at once, without its video, when the tab session had its intro (lib/introOnce.ts)', () => {
  document.documentElement.classList.add(INTRO_SEEN_CLASS);
  render(<Preloader />);
  expect(preloader()).not.toBeInTheDocument();
  expect(document.querySelector('video')).toBeNull();
});

test('once gone, marks the page: the tab has had its intro', () => {
  render(<Preloader />);
  act(() => vi.advanceTimersByTime(PRELOADER_REMOVE_MS - 1));
  expect(document.documentElement.classList.contains(INTRO_SEEN_CLASS)).toBe(false);
  act(() => vi.advanceTimersByTime(1));
  expect(document.documentElement.classList.contains(INTRO_SEEN_CLASS)).toBe(true);
});

test('the style sheet hides the intro under the class, before the Preloader leaves', () => {
  expect(css).toMatch(
    new RegExp(String.raw`html\.${INTRO_SEEN_CLASS} \.preloader \{\s*display: none;\s*\}`),
  );
});

test('is skipped under prefers-reduced-motion', () => {
  mockMatchMedia({ width: 375, reducedMotion: true });
  render(<Preloader />);
  expect(preloader()).not.toBeInTheDocument();
});

test('is hidden from assistive technology', () => {
  render(<Preloader />);
  expect(preloader()).toHaveAttribute('aria-hidden', 'true');
});

describe('video', () => {
  let readyState: DocumentReadyState;
  beforeEach(() => {
    readyState = 'interactive';
    vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('probably');
  });
  afterEach(() => vi.restoreAllMocks());

  test('shows the brand and its light poster, and fetches the video only after the load', () => {
    const { container } = render(<Preloader />);
    expect(preloader()).toHaveTextContent('Mintline');
    const video = container.querySelector('video');
    if (!video) throw new Error('no video');
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).toHaveAttribute('poster', PRELOADER_VIDEO.poster);
    expect(video).not.toHaveAttribute('src');
    readyState = 'complete';
    act(() => {
      window.dispatchEvent(new Event('load'));
    });
    expect(video.getAttribute('src')).toBe(PRELOADER_VIDEO.webm);
    expect(video.muted).toBe(true);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
  });

  test('falls back to MP4 where WebM does not play', () => {
    readyState = 'complete';
    vi.mocked(HTMLMediaElement.prototype.canPlayType).mockReturnValue('');
    const { container } = render(<Preloader />);
    expect(container.querySelector('video')?.getAttribute('src')).toBe(PRELOADER_VIDEO.mp4);
  });
});

describe('without JavaScript the CSS does the same', () => {
  test('fades at 3.9 s over 0.3 s, so it is invisible at 4.2 s', () => {
    const fade = (PRELOADER_REMOVE_MS - PRELOADER_FADE_MS).toString();
    expect(css).toContain(
      `animation: preloader-out ${fade}ms linear ${PRELOADER_FADE_MS}ms forwards`,
    );
  });

  test('locks scrolling from the first style until 4.2 s', () => {
    // A class on <html>, not `html:has(.preloader)`, which Chromium may apply a frame late.
    expect(css).not.toContain('html:has(');
    expect(css).toMatch(
      new RegExp(
        `html\\.${PRELOADING_CLASS} \\{\\s*overflow: hidden;\\s*animation: preloader-scroll-lock`,
      ),
    );
    expect(css).toContain(
      `animation: preloader-scroll-lock ${PRELOADER_REMOVE_MS}ms step-end forwards`,
    );
    expect(css).toMatch(/@keyframes preloader-scroll-lock \{\s*to \{\s*overflow: visible;/);
  });

  test('is not shown at all under reduced motion', () => {
    expect(css).toMatch(
      /@media \(prefers-reduced-motion: reduce\) \{\s*\.preloader \{\s*display: none;/,
    );
    // Nor does it lock the page then.
    expect(css).toMatch(
      new RegExp(`html\\.${PRELOADING_CLASS} \\{\\s*overflow: visible;\\s*animation: none;`),
    );
  });
});
