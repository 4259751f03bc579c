// The worker's solver on node's WebCrypto, against altcha-lib's own challenges and verifier:
// what the page sends is what a server using altcha-lib accepts.
import { encodePayload } from './payload';
import { solve } from './solve';
import { decodePayload, makeChallenge, verify } from './testing';

test('solves a challenge altcha-lib made, and altcha-lib verifies the payload built from it', async () => {
  const challenge = await makeChallenge(Math.floor(Date.now() / 1000) + 600);
  const reply = await solve(challenge);
  if (!('solution' in reply)) throw new Error(`not solved: ${reply.error}`);
  expect(reply.solution.counter).toBe(20);
  const altcha = encodePayload(challenge, reply.solution);
  expect(await verify(altcha)).toMatchObject({ verified: true, expired: false });
  // A server without the key secret derives the key again from the counter: verified too.
  expect(await verify(altcha, false)).toMatchObject({ verified: true });
});

test("the payload is the widget's: base64 of {challenge: {parameters, signature}, solution}", async () => {
  const challenge = await makeChallenge();
  const reply = await solve(challenge);
  if (!('solution' in reply)) throw new Error(`not solved: ${reply.error}`);
  const altcha = encodePayload(challenge, reply.solution);
  expect(atob(altcha)).toBe(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution: reply.solution,
    }),
  );
  expect(decodePayload(altcha).solution).toEqual({
    counter: 20,
    derivedKey: expect.stringMatching(/^[0-9a-f]{64}$/),
    time: expect.any(Number),
  });
});

test('a tampered solution fails verification', async () => {
  const challenge = await makeChallenge();
  const reply = await solve(challenge);
  if (!('solution' in reply)) throw new Error(`not solved: ${reply.error}`);
  const altcha = encodePayload(challenge, { ...reply.solution, counter: 21 });
  expect(await verify(altcha, false)).toMatchObject({ verified: false });
});

test('an algorithm the page cannot derive is an error, not a hang', async () => {
  const challenge = await makeChallenge();
  const reply = await solve({
    ...challenge,
    parameters: { ...challenge.parameters, algorithm: 'ARGON2ID' },
  });
  expect(reply).toEqual({ error: expect.stringContaining('Unsupported algorithm') });
});

test('gives up when the time is out', async () => {
  const challenge = await makeChallenge();
  // A prefix no key of 32 bytes has within the first counters: only the timeout ends the search.
  const unsolvable = {
    ...challenge,
    parameters: { ...challenge.parameters, keyPrefix: '0'.repeat(64) },
  };
  expect(await solve(unsolvable, 50)).toEqual({ error: 'timeout' });
});
