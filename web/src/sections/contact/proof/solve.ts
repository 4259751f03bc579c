import { solveChallenge, type Challenge, type Solution } from 'altcha-lib';
// The WebCrypto PBKDF2: altcha-lib's default (algorithms/pbkdf2) is node:crypto's, no use in a
// browser. Node 20 has the same WebCrypto, so the tests run this very function.
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { SOLVE_TIMEOUT_MS } from './timing';

/** What the proof worker posts back for a challenge. */
export type SolveReply = { solution: Solution } | { error: string };

/**
 * The worker's whole job, kept apart from the worker so it can be tested: finds the counter
 * whose PBKDF2 key starts with the challenge's key prefix.
 */
export async function solve(challenge: Challenge, timeout = SOLVE_TIMEOUT_MS): Promise<SolveReply> {
  try {
    const solution = await solveChallenge({ challenge, deriveKey, timeout });
    return solution ? { solution } : { error: 'timeout' };
  } catch (error) {
    // An algorithm we cannot derive, a malformed prefix: the lead goes without a proof.
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
