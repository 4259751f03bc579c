import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Watch, type WatchTimings } from '../engines/watch';

// The watch over WebKit's driver calls (engines/watch.ts), on promises of its own and a settable
// clock; no browser is needed. Whether a test counts as hung decides whether it is tried again.

function watched(reportAfterMs = 60_000) {
  const reports = mkdtempSync(path.join(os.tmpdir(), 'landing-watch-'));
  let now = 1_000;
  const described: string[] = [];
  const timings: WatchTimings = { reportAfterMs, stuckAfterMs: 5_000, now: () => now, reports };
  const watch = new Watch(async () => {
    described.push('described');
    return { summary: 'main thread: poll()', full: 'every thread' };
  }, timings);
  return {
    watch,
    described,
    reports,
    advance: (ms: number) => (now += ms),
    cleanup: () => rmSync(reports, { recursive: true, force: true }),
  };
}

const never = () => new Promise<never>(() => {});

test('answered calls, however slow, are no hang', async () => {
  const { watch, advance, cleanup } = watched();
  try {
    const slow = watch.call(
      new Promise((resolve) => setTimeout(() => resolve('done'), 20)),
      'a script',
    );
    advance(30_000);
    expect(await slow).toBe('done');
    await expect(
      watch.call(Promise.reject(new Error('no such element')), 'a click'),
    ).rejects.toThrow('no such element');
    expect(watch.hung()).toBe(false);
  } finally {
    cleanup();
  }
});

test('a call the test stopped waiting for counts as a hang once 5 s have passed', async () => {
  const { watch, advance, described, cleanup } = watched();
  try {
    void watch.call(never(), 'a script');
    advance(4_999);
    expect(watch.hung()).toBe(false);
    advance(1);
    expect(watch.hung()).toBe(true);
    // No report for it: the report is for a call the test is still waiting on.
    expect(described).toEqual([]);
  } finally {
    cleanup();
  }
});

test('a call unanswered past the report time is described and counts as a hang', async () => {
  const { watch, described, reports, cleanup } = watched(50);
  const errors: string[] = [];
  const error = console.error;
  console.error = (...args: unknown[]) => errors.push(args.join(' '));
  try {
    void watch.call(never(), 'a navigation to /ru/docs/');
    await expect.poll(() => readdirSync(reports).length).toBe(1);
    expect(described).toEqual(['described']);
    expect(watch.hung()).toBe(true);
    expect(errors.join('\n')).toContain(
      'WebKit has not answered a navigation to /ru/docs/ for 50 ms',
    );
    expect(errors.join('\n')).toContain('main thread: poll()');
  } finally {
    console.error = error;
    cleanup();
  }
});
