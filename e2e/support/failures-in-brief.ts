import type {
  FullResult,
  Reporter,
  TestCase,
  TestResult,
  TestStep,
} from '@playwright/test/reporter';

/** A try that takes more than this share of its timeout is listed at the end as slow. */
export const SLOW_SHARE = 0.5;

interface SlowTry {
  name: string;
  duration: number;
  timeout: number;
}

/**
 * Every failure again, in a few lines each, as the suite's very last output. CI keeps only the
 * tail of a run, where the list reporter leaves the summary but not the message: this says
 * which step failed, with what error, and the first lines the test wrote to stderr (a WebKit
 * hang report). Before them come the tries that took more than half their timeout, with how
 * long each took, so a test creeping toward its budget shows in the tail before it fails there.
 */
export default class FailuresInBrief implements Reporter {
  /** Each test's failed tries, in the order they failed. */
  private readonly failures = new Map<TestCase, string[]>();
  private readonly slow: SlowTry[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') return;
    // test.timeout is the try's own: test.slow() and test.setTimeout() have changed it by now.
    if (test.timeout > 0 && result.duration > test.timeout * SLOW_SHARE) {
      this.slow.push({
        name: nameOf(test, result),
        duration: result.duration,
        timeout: test.timeout,
      });
    }
    if (result.status === 'passed') return;
    const lines = [nameOf(test, result)];
    const step = failedStep(result.steps);
    if (step) lines.push(`  step: ${step}`);
    const error = result.errors[0]?.message ?? result.error?.message ?? `status ${result.status}`;
    lines.push(...brief(error, 6).map((line) => `  error: ${line}`));
    // A hang report starts with what WebKit has not answered, then its processes.
    const stderr = result.stderr.map(String).join('');
    lines.push(...brief(stderr, 4).map((line) => `  stderr: ${line}`));
    this.failures.set(test, [...(this.failures.get(test) ?? []), lines.join('\n')]);
  }

  onEnd(result: FullResult): void {
    if (this.slow.length > 0) {
      const share = ({ duration, timeout }: SlowTry) => duration / timeout;
      const percent = SLOW_SHARE * 100;
      console.log(`\n${this.slow.length} took over ${percent} % of their timeout, slowest first:`);
      for (const { name, duration, timeout } of this.slow.sort((a, b) => share(b) - share(a))) {
        console.log(`${name}: ${seconds(duration)} of ${seconds(timeout)}`);
      }
    }
    const failed = [...this.failures].filter(([test]) => test.outcome() === 'unexpected');
    const flaky = [...this.failures].filter(([test]) => test.outcome() === 'flaky');
    if (flaky.length > 0) {
      console.log(`\n${flaky.length} passed on another try after failing, in brief:`);
      for (const [, tries] of flaky) console.log(tries.join('\n'));
    }
    if (failed.length === 0) return;
    // A run cut short (timed out, interrupted) says so: its list is not every failure.
    const run = result.status === 'failed' ? '' : ` (the run ${result.status})`;
    console.log(`\n${failed.length} failed${run}, in brief:`);
    for (const [, tries] of failed) console.log(tries.join('\n'));
  }

  printsToStdio(): boolean {
    return true;
  }
}

/** `[project] file:line › describe › title`, and which try when it is not the first. */
function nameOf(test: TestCase, result: TestResult): string {
  const [, project, file, ...titles] = test.titlePath();
  const name = `[${project}] ${file}:${test.location.line} › ${titles.join(' › ')}`;
  return result.retry > 0 ? `${name} (try ${result.retry + 1})` : name;
}

/** 41.3 s, 60 s. */
function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/** The innermost test.step whose error failed the test, named with its parents. */
function failedStep(steps: TestStep[], parents: string[] = []): string | undefined {
  for (const step of steps) {
    if (!step.error) continue;
    const path = step.category === 'test.step' ? [...parents, step.title] : parents;
    return failedStep(step.steps, path) ?? (path.length > 0 ? path.join(' › ') : undefined);
  }
  return undefined;
}

/** The first `count` non-empty lines of `text`, without colour codes, cut at 240 characters. */
function brief(text: string, count: number): string[] {
  const lines = text
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .map((line) => (line.length > 240 ? `${line.slice(0, 239)}…` : line));
  return lines.slice(0, count);
}
