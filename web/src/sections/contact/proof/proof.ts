import type { Challenge, Solution } from 'altcha-lib';
import { fetchChallenge, type OfferedChallenge } from './challenge';
import { encodePayload } from './payload';
import { solveInWorker } from './solveInWorker';
import { EXPIRY_MARGIN_MS } from './timing';

/** The proof of work of the contact form: one `altcha` field for each lead sent. */
export interface Proof {
  /**
   * Starts fetching a challenge and solving it while the visitor types. Does nothing while one
   * is under way or solved, unless that one is about to expire: then it is replaced.
   */
  start(): void;
  /**
   * The `altcha` field for the next post, waiting for the solve if need be; undefined when the
   * server offers no challenge or it could not be solved (the lead goes without, the server
   * decides). A proof is spent once: the next call gets a new one.
   */
  take(): Promise<string | undefined>;
}

export interface ProofDeps {
  fetchChallenge: () => Promise<OfferedChallenge | null>;
  solve: (challenge: Challenge) => Promise<Solution | null>;
  now: () => number;
}

interface Ready {
  altcha: string | undefined;
  /** When its challenge expires by this page's clock; Infinity for no proof. */
  expires: number;
}

const NO_PROOF: Ready = { altcha: undefined, expires: Infinity };

const BROWSER: ProofDeps = {
  fetchChallenge: () => fetchChallenge(),
  solve: solveInWorker,
  now: Date.now,
};

export function createProof(deps: ProofDeps = BROWSER): Proof {
  let current: Promise<Ready> | undefined;
  // The current proof once it is solved, to see whether it is about to expire without waiting.
  let solved: Ready | undefined;

  const fresh = (ready: Ready) => ready.expires - deps.now() > EXPIRY_MARGIN_MS;
  const begin = () => {
    const attempt = prepare(deps);
    current = attempt;
    solved = undefined;
    void attempt.then((ready) => {
      if (current === attempt) solved = ready;
    });
    return attempt;
  };

  return {
    start() {
      if (!current || (solved && !fresh(solved))) begin();
    },
    async take() {
      const attempt = current ?? begin();
      current = undefined;
      solved = undefined;
      const ready = await attempt;
      // Solved long ago (the visitor took their time): one fresh proof rather than a refusal.
      return fresh(ready) ? ready.altcha : (await prepare(deps)).altcha;
    },
  };
}

async function prepare({ fetchChallenge, solve }: ProofDeps): Promise<Ready> {
  const offered = await fetchChallenge();
  if (!offered) return NO_PROOF;
  const solution = await solve(offered.challenge).catch(() => null);
  if (!solution) return NO_PROOF;
  return { altcha: encodePayload(offered.challenge, solution), expires: offered.expires };
}
