import type { Challenge } from 'altcha-lib';
import { timeoutSignal } from '../contactApi';
import { CHALLENGE_TIMEOUT_MS } from './timing';

/** Where the server hands out proof-of-work challenges (altcha-lib v2's `Challenge`). */
export const CHALLENGE_ENDPOINT = '/api/challenge';

/** The algorithms the page's WebCrypto solver derives; the server issues PBKDF2/SHA-256. */
const SOLVABLE = /^PBKDF2\/SHA-(256|384|512)$/;
const BYTES = /^(?:[0-9a-f]{2})+$/i;

export interface OfferedChallenge {
  challenge: Challenge;
  /** When it expires by this page's clock (ms since the epoch); Infinity if it never does. */
  expires: number;
}

/**
 * A fresh challenge from the server, or null when there is none to be had (network error, 404
 * or 503 from a server without proofs, 429, anything malformed): the lead then goes without a
 * proof and the server decides.
 */
export async function fetchChallenge(
  fetchImpl: typeof fetch = fetch,
  now: () => number = Date.now,
): Promise<OfferedChallenge | null> {
  try {
    const response = await fetchImpl(CHALLENGE_ENDPOINT, {
      headers: { Accept: 'application/json' },
      cache: 'no-store',
      signal: timeoutSignal(CHALLENGE_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    if (!isChallenge(body)) return null;
    const expires = localExpiry(body.parameters.expiresAt, response.headers.get('Date'), now());
    return { challenge: body, expires };
  } catch {
    return null;
  }
}

/**
 * The server's `expiresAt` (seconds) on this page's clock, moved by how far that clock is from
 * the server's Date header: a visitor's clock minutes off must neither throw away every proof
 * as expired nor keep one the server will refuse.
 */
export function localExpiry(expiresAt: number | undefined, date: string | null, now: number) {
  if (expiresAt === undefined) return Infinity;
  const serverNow = date === null ? NaN : Date.parse(date);
  return expiresAt * 1000 + (Number.isFinite(serverNow) ? now - serverNow : 0);
}

function isChallenge(body: unknown): body is Challenge {
  if (typeof body !== 'object' || body === null) return false;
  const { parameters, signature } = body as Partial<Record<keyof Challenge, unknown>>;
  if (typeof signature !== 'string' || typeof parameters !== 'object' || parameters === null)
    return false;
  const p = parameters as Record<string, unknown>;
  return (
    typeof p.algorithm === 'string' &&
    SOLVABLE.test(p.algorithm) &&
    [p.nonce, p.salt].every((hex) => typeof hex === 'string' && BYTES.test(hex)) &&
    typeof p.keyPrefix === 'string' &&
    /^[0-9a-f]+$/i.test(p.keyPrefix) &&
    Number.isInteger(p.cost) &&
    Number.isInteger(p.keyLength) &&
    (p.expiresAt === undefined || typeof p.expiresAt === 'number')
  );
}
