import { CHALLENGE_ENDPOINT, fetchChallenge, localExpiry } from './challenge';
import { challengeResponse, makeChallenge } from './testing';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const once = (answer: () => Response | Promise<Response>) =>
  vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async () => answer());

describe('fetching a challenge', () => {
  test('takes the challenge as the server signed it, uncached, with when it expires', async () => {
    const challenge = await makeChallenge(NOW / 1000 + 600);
    const fetchImpl = once(() => challengeResponse(challenge, new Date(NOW)));
    const offered = await fetchChallenge(fetchImpl as unknown as typeof fetch, () => NOW);
    expect(offered).toEqual({ challenge, expires: NOW + 600_000 });
    expect(fetchImpl).toHaveBeenCalledWith(
      CHALLENGE_ENDPOINT,
      expect.objectContaining({ cache: 'no-store' }),
    );
  });

  test.each([
    ['a 404 (a server without proofs)', () => new Response(null, { status: 404 })],
    ['a 503', () => new Response('{"error":"unavailable"}', { status: 503 })],
    [
      'a 429',
      () =>
        new Response('{"error":"rate_limited"}', { status: 429, headers: { 'Retry-After': '30' } }),
    ],
    ['a body that is no challenge', () => new Response('{"parameters":{}}', { status: 200 })],
    ['a body that is no JSON', () => new Response('<html>', { status: 200 })],
    [
      'a lost connection',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('%s is no challenge: the lead goes without a proof', async (_title, answer) => {
    expect(await fetchChallenge(once(answer) as unknown as typeof fetch)).toBeNull();
  });

  test('an algorithm the page cannot solve is no challenge', async () => {
    const challenge = await makeChallenge();
    const argon = { ...challenge, parameters: { ...challenge.parameters, algorithm: 'ARGON2ID' } };
    const fetchImpl = once(() => challengeResponse(argon));
    expect(await fetchChallenge(fetchImpl as unknown as typeof fetch)).toBeNull();
  });
});

describe('when a challenge expires on this page', () => {
  test("moves the server's expiresAt by how far this clock is from the server's", () => {
    const date = new Date(NOW).toUTCString();
    expect(localExpiry(NOW / 1000 + 600, date, NOW)).toBe(NOW + 600_000);
    // A clock five minutes fast sees the end five minutes later, as the server does.
    expect(localExpiry(NOW / 1000 + 600, date, NOW + 300_000)).toBe(NOW + 900_000);
  });

  test('without a Date header takes expiresAt as it is; without expiresAt, never', () => {
    expect(localExpiry(NOW / 1000 + 600, null, NOW + 300_000)).toBe(NOW + 600_000);
    expect(localExpiry(undefined, null, NOW)).toBe(Infinity);
  });
});
