import type { Challenge, Solution } from 'altcha-lib';
import type { SolveReply } from './solve';
import { SOLVE_TIMEOUT_MS, WORKER_GRACE_MS } from './timing';

/**
 * Solves a challenge in a worker of its own, so the page stays responsive while it runs. Null
 * when the browser has no workers, the worker fails or it does not answer in time: the lead then
 * goes without a proof and the server decides.
 */
export function solveInWorker(challenge: Challenge): Promise<Solution | null> {
  if (typeof Worker === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      // Vite bundles the worker as a file of its own under /assets/: the page's CSP allows
      // workers from 'self', and no blob: URL is needed.
      worker = new Worker(new URL('./proofWorker.ts', import.meta.url), { type: 'module' });
    } catch {
      resolve(null);
      return;
    }
    function finish(solution: Solution | null) {
      clearTimeout(deadline);
      worker.terminate();
      resolve(solution);
    }
    // The solver stops by itself at SOLVE_TIMEOUT_MS; this covers a worker whose script never
    // loads or never answers.
    const deadline = setTimeout(() => finish(null), SOLVE_TIMEOUT_MS + WORKER_GRACE_MS);
    worker.onmessage = (event: MessageEvent<SolveReply>) =>
      finish('solution' in event.data ? event.data.solution : null);
    worker.onerror = () => finish(null);
    worker.postMessage(challenge);
  });
}
