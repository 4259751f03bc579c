import type { Challenge, Solution } from 'altcha-lib';

/**
 * The lead's `altcha` field: base64 of the challenge as the server signed it and its solution,
 * the shape the altcha widget 3.x submits for a v2 challenge, so the server can check it with
 * altcha-lib's `verifySolution` as it would the widget's.
 */
export function encodePayload(challenge: Challenge, solution: Solution): string {
  const json = JSON.stringify({
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  });
  // btoa takes Latin-1 only; going through UTF-8 gives the same bytes for today's all-ASCII
  // challenges and keeps working should one carry other text in its `data`.
  let binary = '';
  for (const byte of new TextEncoder().encode(json)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
