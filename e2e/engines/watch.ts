import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Describe = () => Promise<{ summary: string; full: string }>;

export interface WatchTimings {
  /** A call unanswered this long gets the browser's processes described. */
  reportAfterMs: number;
  /** A call still unanswered this long when its test ends was never going to be answered. */
  stuckAfterMs: number;
  now: () => number;
  reports: string;
}

export const WATCH_TIMINGS: WatchTimings = {
  // Far longer than any script of the suite takes, and early enough that the report is in
  // before the test times out.
  reportAfterMs: 25_000,
  // A wait that gives up first (a poll's 10 s, 2026-12-07: "the index opens the case" in WebKit
  // without JavaScript) leaves its call unanswered, shorter than the report's 25 s: no script
  // of the suite takes 5 s, and a call the test stopped waiting for is one it gave up on.
  stuckAfterMs: 5_000,
  now: () => Date.now(),
  reports: path.join(path.dirname(fileURLToPath(import.meta.url)), '../test-results'),
};

/**
 * One tab's driver calls, watched. WebKitWebDriver now and then never answers a command while
 * every browser process sits idle (fixtures/engines.ts retries such a test once, and only such a
 * test). A call unanswered after `reportAfterMs` gets the browser's processes described: their
 * main threads on stderr (the test's output), every thread in test-results/. The call is left to
 * finish or to time out as it would have. The tab hung if a report was made, or if a call was
 * still unanswered after `stuckAfterMs` when the test ended.
 */
export class Watch {
  private reported = false;
  private readonly open = new Map<symbol, number>();

  constructor(
    private readonly describe: Describe,
    private readonly timings: WatchTimings = WATCH_TIMINGS,
  ) {}

  async call<R>(call: Promise<R>, what: string): Promise<R> {
    const { reportAfterMs, now, reports } = this.timings;
    const id = Symbol(what);
    this.open.set(id, now());
    const timer = setTimeout(() => {
      this.reported = true;
      void this.describe()
        .then(({ summary, full }) => {
          mkdirSync(reports, { recursive: true });
          const file = path.join(reports, `webkit-hang-${Date.now()}.txt`);
          writeFileSync(file, full);
          console.error(
            `WebKit has not answered ${what} for ${reportAfterMs} ms (every thread: ${file}):\n${summary}`,
          );
        })
        // A report that cannot be made must not take the worker down with an unhandled rejection.
        .catch((error: unknown) =>
          console.error(`WebKit has not answered ${what} for ${reportAfterMs} ms (${error})`),
        );
    }, reportAfterMs);
    try {
      return await call;
    } finally {
      clearTimeout(timer);
      this.open.delete(id);
    }
  }

  hung(): boolean {
    const { stuckAfterMs, now } = this.timings;
    return this.reported || [...this.open.values()].some((since) => now() - since >= stuckAfterMs);
  }
}
