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
