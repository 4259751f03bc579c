import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { afterFirstPaint } from './firstPaint';

/** A stand-in for the browser's PerformanceObserver that the test feeds paint entries. */
class FakeObserver {
  static supportedEntryTypes: string[] = ['paint'];
  static instances: FakeObserver[] = [];
  disconnected = false;
  constructor(
    private readonly callback: (
      list: { getEntries: () => PerformanceEntry[] },
      observer: FakeObserver,
    ) => void,
  ) {
    FakeObserver.instances.push(this);
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  emit(...names: string[]) {
    const entries = names.map((name) => ({ name }) as PerformanceEntry);
    this.callback({ getEntries: () => entries }, this);
  }
}

let recorded: PerformanceEntry[] = [];
beforeEach(() => {
  vi.useFakeTimers();
  FakeObserver.instances = [];
  FakeObserver.supportedEntryTypes = ['paint'];
  recorded = [];
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  vi.spyOn(performance, 'getEntriesByType').mockImplementation(() => recorded);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('waits for the first contentful paint, not an earlier paint or frame', () => {
  const task = vi.fn();
  afterFirstPaint(task);
  const [observer] = FakeObserver.instances;
  if (!observer) throw new Error('no observer');
  observer.emit('first-paint');
  vi.advanceTimersByTime(500);
  expect(task).not.toHaveBeenCalled();
  observer.emit('first-contentful-paint');
  // In a task of its own, so the paint's own work is over first.
  expect(task).not.toHaveBeenCalled();
  vi.advanceTimersByTime(0);
  expect(task).toHaveBeenCalledOnce();
  expect(observer.disconnected).toBe(true);
});

test('runs at once (in a task) when the first paint is already recorded', () => {
  recorded = [{ name: 'first-contentful-paint' } as PerformanceEntry];
  const task = vi.fn();
  afterFirstPaint(task);
  expect(FakeObserver.instances).toHaveLength(0);
  vi.advanceTimersByTime(0);
  expect(task).toHaveBeenCalledOnce();
});

test('a page that never paints (a hidden tab) starts after the fallback, and only once', () => {
  const task = vi.fn();
  afterFirstPaint(task, 1000);
  vi.advanceTimersByTime(999);
  expect(task).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(task).toHaveBeenCalledOnce();
  FakeObserver.instances[0]?.emit('first-contentful-paint');
  vi.advanceTimersByTime(10_000);
  expect(task).toHaveBeenCalledOnce();
});

test('without paint timing, a task after the first animation frame', () => {
  FakeObserver.supportedEntryTypes = [];
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  const task = vi.fn();
  afterFirstPaint(task);
  vi.advanceTimersByTime(0);
  expect(task).not.toHaveBeenCalled();
  expect(frames).toHaveLength(1);
  frames[0]?.(0);
  expect(task).not.toHaveBeenCalled();
  vi.advanceTimersByTime(0);
  expect(task).toHaveBeenCalledOnce();
  vi.advanceTimersByTime(10_000);
  expect(task).toHaveBeenCalledOnce();
});
