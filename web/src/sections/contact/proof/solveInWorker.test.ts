import type { Challenge, Solution } from 'altcha-lib';
import type { SolveReply } from './solve';
import { solveInWorker } from './solveInWorker';
import { SOLVE_TIMEOUT_MS, WORKER_GRACE_MS } from './timing';

const challenge = { parameters: { nonce: '01' }, signature: 's' } as unknown as Challenge;
const solution: Solution = { counter: 7, derivedKey: 'ab', time: 3 };

/** A stand-in for the browser's Worker (jsdom has none): answers as `stubWorker` says. */
class FakeWorker {
  static reply: (worker: FakeWorker) => void = () => {};
  static made: FakeWorker[] = [];
  onmessage: ((event: MessageEvent<SolveReply>) => void) | null = null;
  onerror: (() => void) | null = null;
  posted: unknown[] = [];
  terminate = vi.fn();
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.made.push(this);
  }
  postMessage(message: unknown) {
    this.posted.push(message);
    queueMicrotask(() => FakeWorker.reply(this));
  }
}

function stubWorker(reply: (worker: FakeWorker) => void) {
  FakeWorker.reply = reply;
  FakeWorker.made = [];
  vi.stubGlobal('Worker', FakeWorker);
  return FakeWorker.made;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

test('posts the challenge to a module worker of its own file, takes its solution, ends it', async () => {
  const made = stubWorker((w) => w.onmessage?.({ data: { solution } } as MessageEvent));
  expect(await solveInWorker(challenge)).toEqual(solution);
  expect(made).toHaveLength(1);
  const [worker] = made as [FakeWorker];
  expect(worker.url.pathname).toMatch(/\/proofWorker\.ts$/);
  expect(worker.options).toEqual({ type: 'module' });
  expect(worker.posted).toEqual([challenge]);
  expect(worker.terminate).toHaveBeenCalledOnce();
});

test("a worker's error or a reply without a solution is no proof", async () => {
  stubWorker((w) => w.onerror?.());
  expect(await solveInWorker(challenge)).toBeNull();
  stubWorker((w) => w.onmessage?.({ data: { error: 'timeout' } } as MessageEvent));
  expect(await solveInWorker(challenge)).toBeNull();
});

test('a worker that never answers is given up after the solver would have', async () => {
  vi.useFakeTimers();
  const made = stubWorker(() => {});
  const result = solveInWorker(challenge);
  await vi.advanceTimersByTimeAsync(SOLVE_TIMEOUT_MS + WORKER_GRACE_MS);
  expect(await result).toBeNull();
  expect(made[0]?.terminate).toHaveBeenCalledOnce();
});

test('without workers at all (jsdom, an old browser) there is no proof', async () => {
  expect(typeof Worker).toBe('undefined');
  expect(await solveInWorker(challenge)).toBeNull();
});
