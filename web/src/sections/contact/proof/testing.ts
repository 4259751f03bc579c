// Test helper for the proof of work: challenges made the server's way, by altcha-lib itself.
import { createChallenge, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

export const SECRETS = {
  hmacSignatureSecret: 'test challenge secret',
  hmacKeySignatureSecret: 'test key secret',
};

/**
 * A signed challenge as the server issues it (deterministic mode, PBKDF2/SHA-256), kept cheap:
 * a cost of 10 and the answer at counter 20 solve in a few milliseconds.
 */
export function makeChallenge(expiresAt?: number): Promise<Challenge> {
  return createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 10,
    counter: 20,
    deriveKey,
    ...(expiresAt !== undefined && { expiresAt }),
    ...SECRETS,
  });
}

/** The `altcha` field read back, as the server does before it verifies it. */
export function decodePayload(altcha: string): Payload {
  return JSON.parse(atob(altcha)) as Payload;
}

/**
 * altcha-lib's verdict on an `altcha` field, by the key signature (`withKeySecret`) or, as a
 * server without that secret would, by deriving the key again.
 */
export async function verify(altcha: string, withKeySecret = true) {
  const { challenge, solution } = decodePayload(altcha);
  return verifySolution({
    challenge,
    solution,
    deriveKey,
    hmacSignatureSecret: SECRETS.hmacSignatureSecret,
    ...(withKeySecret && { hmacKeySignatureSecret: SECRETS.hmacKeySignatureSecret }),
  });
}

/** A server's answer to GET /api/challenge. */
export function challengeResponse(challenge: Challenge, date?: Date): Response {
  return new Response(JSON.stringify(challenge), {
    status: 200,
    headers: {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      ...(date && { Date: date.toUTCString() }),
    },
  });
}
