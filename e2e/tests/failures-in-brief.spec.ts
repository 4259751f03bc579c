import { expect, test } from '@playwright/test';
import type { FullResult, TestCase, TestResult } from '@playwright/test/reporter';
import FailuresInBrief, { SLOW_SHARE } from '../support/failures-in-brief';

// The reporter at the end of playwright.config.ts, fed tests and tries as Playwright would; no
// browser or server is needed.

/** A test of form.spec.ts as the reporter reads it: its titles, line, timeout and outcome. */
function testCase(title: string, timeout: number, outcome = 'expected'): TestCase {
  return {
    titlePath: () => ['', 'chromium', 'form.spec.ts', 'en at 1280 px', title],
    location: { file: 'form.spec.ts', line: 80, column: 9 },
    timeout,
    outcome: () => outcome,
  } as unknown as TestCase;
}

function testResult(duration: number, status = 'passed', retry = 0): TestResult {
  const errors = status === 'passed' ? [] : [{ message: 'Test timeout exceeded.' }];
  return { duration, status, retry, steps: [], errors, stderr: [] } as unknown as TestResult;
}

/** What the reporter prints once the run is over. */
function end(reporter: FailuresInBrief, status: FullResult['status'] = 'passed'): string[] {
  const printed: string[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => printed.push(args.join(' '));
  try {
    reporter.onEnd({ status } as FullResult);
  } finally {
    console.log = log;
  }
  return printed.flatMap((text) => text.split('\n'));
}

test('lists each try over half its timeout, slowest share first, with its duration and timeout', () => {
  const reporter = new FailuresInBrief();
  const half = 60_000 * SLOW_SHARE;
  reporter.onTestEnd(testCase('quick', 60_000), testResult(12_000));
  reporter.onTestEnd(testCase('at half', 60_000), testResult(half));
  reporter.onTestEnd(testCase('marked slow', 180_000), testResult(100_000));
  reporter.onTestEnd(testCase('creeping', 60_000), testResult(half + 11_260));
  reporter.onTestEnd(testCase('skipped', 60_000), testResult(59_000, 'skipped'));
  reporter.onTestEnd(testCase('no timeout', 0), testResult(500_000));
  expect(end(reporter)).toEqual([
    '',
    '2 took over 50 % of their timeout, slowest first:',
    '[chromium] form.spec.ts:80 › en at 1280 px › creeping: 41.3 s of 60 s',
    '[chromium] form.spec.ts:80 › en at 1280 px › marked slow: 100 s of 180 s',
  ]);
});

test('a slow try that failed is listed with the slow ones, and its failure comes last', () => {
  const reporter = new FailuresInBrief();
  reporter.onTestEnd(testCase('timed out', 60_000, 'unexpected'), testResult(60_012, 'timedOut'));
  expect(end(reporter, 'failed')).toEqual([
    '',
    '1 took over 50 % of their timeout, slowest first:',
    '[chromium] form.spec.ts:80 › en at 1280 px › timed out: 60 s of 60 s',
    '',
    '1 failed, in brief:',
    '[chromium] form.spec.ts:80 › en at 1280 px › timed out',
    '  error: Test timeout exceeded.',
  ]);
});

test('a run of quick tests ends with nothing of its own', () => {
  const reporter = new FailuresInBrief();
  reporter.onTestEnd(testCase('quick', 60_000), testResult(29_000));
  expect(end(reporter)).toEqual([]);
});
