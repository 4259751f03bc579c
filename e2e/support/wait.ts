import { expect } from '@playwright/test';
import type { PageFunction, Tab } from '../engines/tab';

/** Polls a page function until it returns `expected` (deep equality), or fails with `message`. */
export async function until<A, R>(
  tab: Tab,
  fn: PageFunction<A, R>,
  arg: A,
  expected: R,
  message: string,
  timeout = 10_000,
): Promise<void> {
  await expect.poll(() => tab.evaluate(fn, arg), { message, timeout }).toEqual(expected);
}

/**
 * The page's path and hash, once its document is parsed. A navigation commits its new location
 * before the parser reaches the body, so a test that polled the bare path could read the new
 * page's markup half-written (Firefox's driver answers in that gap).
 */
export const parsedPath = () =>
  document.readyState === 'loading' ? 'still loading' : location.pathname + location.hash;

/**
 * The page's language, once its document is parsed: the <html lang> of a new page comes with
 * its first bytes, and a check that read the page then found the sections after the cases not
 * yet parsed (a busy machine's gate, 2026-12-07: three sections "hidden", 5 of 7 Learn more).
 */
export const parsedLang = () =>
  document.readyState === 'loading' ? 'still loading' : document.documentElement.lang;
