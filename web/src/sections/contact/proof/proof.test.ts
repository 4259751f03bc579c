import type { Challenge, Solution } from 'altcha-lib';
import type { OfferedChallenge } from './challenge';
import { createProof } from './proof';
import { decodePayload } from './testing';
import { EXPIRY_MARGIN_MS } from './timing';

const NOW = 1_790_000_000_000;
/** Lets every settled promise run its callbacks. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Challenges numbered 1, 2, …, each expiring `lifetime` after it is fetched. */
function server({ lifetime = 600_000, offers = true } = {}) {
  let clock = NOW;
  let issued = 0;
  const fetchChallenge = vi.fn(async (): Promise<OfferedChallenge | null> => {
    if (!offers) return null;
    issued += 1;
    const challenge: Challenge = {
      parameters: {
        algorithm: 'PBKDF2/SHA-256',
        cost: 10,
        keyLength: 32,
        keyPrefix: 'ab',
        nonce: `${issued}`.padStart(32, '0'),
        salt: '00'.repeat(16),
      },
      signature: `signature ${issued}`,
    };
    return { challenge, expires: clock + lifetime };
  });
  const solve = vi.fn(async (challenge: Challenge): Promise<Solution | null> => ({
    counter: Number(challenge.parameters.nonce),
    derivedKey: 'ab'.repeat(32),
  }));
  const proof = createProof({ fetchChallenge, solve, now: () => clock });
  /** Which challenge a payload answers. */
  const number = (altcha: string | undefined) =>
    altcha === undefined ? undefined : decodePayload(altcha).solution.counter;
  return { proof, fetchChallenge, solve, number, pass: (ms: number) => (clock += ms) };
}

test('starts once on focus, however often the visitor moves between fields', async () => {
  const { proof, fetchChallenge, solve, number } = server();
  proof.start();
  proof.start();
  expect(number(await proof.take())).toBe(1);
  expect(fetchChallenge).toHaveBeenCalledOnce();
  expect(solve).toHaveBeenCalledOnce();
});

test('a proof is taken once: the next take gets a new challenge', async () => {
  const { proof, fetchChallenge, number } = server();
  proof.start();
  expect(number(await proof.take())).toBe(1);
  expect(number(await proof.take())).toBe(2);
  expect(fetchChallenge).toHaveBeenCalledTimes(2);
});

test('taking before it is solved waits for the solve', async () => {
  const { proof, solve, number } = server();
  let release = () => {};
  solve.mockImplementationOnce(
    (challenge) =>
      new Promise((resolve) => {
        release = () => resolve({ counter: Number(challenge.parameters.nonce), derivedKey: '' });
      }),
  );
  proof.start();
  const taken = proof.take();
  let done = false;
  void taken.then(() => (done = true));
  await settle();
  expect(done).toBe(false);
  release();
  expect(number(await taken)).toBe(1);
});

test('with no challenge offered or none solved there is no proof', async () => {
  const quiet = server({ offers: false });
  quiet.proof.start();
  expect(await quiet.proof.take()).toBeUndefined();

  const failing = server();
  failing.solve.mockResolvedValueOnce(null);
  expect(await failing.proof.take()).toBeUndefined();
  failing.solve.mockRejectedValueOnce(new Error('worker died'));
  expect(await failing.proof.take()).toBeUndefined();
});

test('a solved proof about to expire is replaced on the next focus', async () => {
  const { proof, fetchChallenge, pass, number } = server({ lifetime: 600_000 });
  proof.start();
  await settle();
  pass(600_000 - EXPIRY_MARGIN_MS + 1);
  proof.start();
  expect(fetchChallenge).toHaveBeenCalledTimes(2);
  expect(number(await proof.take())).toBe(2);
});

test('a proof about to expire when taken is replaced once, and the fresh one is sent', async () => {
  const { proof, fetchChallenge, pass, number } = server({ lifetime: 600_000 });
  proof.start();
  await settle();
  pass(600_000);
  expect(number(await proof.take())).toBe(2);
  expect(fetchChallenge).toHaveBeenCalledTimes(2);
});
