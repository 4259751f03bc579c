// @vitest-environment jsdom
// The contact form with its proof of work: started on the first focus, sent in the post, and
// waited for behind the form's own "Sending…". jsdom has no Worker, so the worker's solver runs
// in place of it (the same function, on the same WebCrypto).
import { act, screen, waitFor } from '@testing-library/react';
import type { Challenge } from 'altcha-lib';
import { posted, renderContact, respond, valid } from '../testing';
import { solve } from './solve';
import { solveInWorker } from './solveInWorker';
import { challengeResponse, decodePayload, makeChallenge, verify } from './testing';
import { en } from '../../../test/messages';

vi.mock('./solveInWorker', () => ({ solveInWorker: vi.fn() }));

const solveInPlace = async (challenge: Challenge) => {
  const reply = await solve(challenge);
  return 'solution' in reply ? reply.solution : null;
};

/**
 * A server that signs a new challenge for each GET /api/challenge; returns the mock of the posts
 * and the nonces of this test's challenges (an earlier test's form may still be solving its
 * next lead's proof: that one is not among them).
 */
function offerChallenges() {
  const nonces: string[] = [];
  const fetchMock = respond(202, { id: 'x' }, async () => {
    const challenge = await makeChallenge(Math.floor(Date.now() / 1000) + 600);
    nonces.push(challenge.parameters.nonce);
    return challengeResponse(challenge, new Date());
  });
  return { fetchMock, nonces };
}

beforeEach(() => {
  vi.mocked(solveInWorker).mockImplementation(solveInPlace);
});
afterEach(() => vi.unstubAllGlobals());

test('the first focus starts the proof; the post carries it and altcha-lib verifies it', async () => {
  const { fetchMock, nonces } = offerChallenges();
  const { field, fill, submit, onSend } = renderContact();
  expect(nonces).toEqual([]);
  act(() => field('name').focus());
  await waitFor(() => expect(nonces).toHaveLength(1));
  fill(valid);
  await submit();
  await waitFor(() => expect(onSend).toHaveBeenCalledOnce());
  const body = posted(fetchMock);
  expect(body).toMatchObject({ ...valid, locale: 'en', website: '' });
  expect(decodePayload(body.altcha as string).challenge.parameters.nonce).toBe(nonces[0]);
  expect(await verify(body.altcha as string)).toMatchObject({ verified: true });
  // What the form reports as sent is the lead itself; the proof is the post's business.
  expect(onSend).toHaveBeenCalledWith({ ...valid, locale: 'en', website: '' });
});

test('while the proof is still being solved the form says "Sending…", and nothing else', async () => {
  const { fetchMock, nonces } = offerChallenges();
  let release: (() => void) | undefined;
  vi.mocked(solveInWorker).mockImplementation((challenge) => {
    return challenge.parameters.nonce !== nonces[0]
      ? solveInPlace(challenge)
      : new Promise((resolve) => {
          release = () => void solveInPlace(challenge).then(resolve);
        });
  });
  const { fill, submit, onSend } = renderContact();
  fill(valid);
  await submit();
  await waitFor(() => expect(release).toBeDefined());
  const button = screen.getByRole('button', { name: en.feedbackForm.sending });
  expect(button).toBeDisabled();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(fetchMock).not.toHaveBeenCalled();
  act(() => release?.());
  await waitFor(() => expect(onSend).toHaveBeenCalledOnce());
  expect(screen.getByRole('button', { name: en.feedbackForm.submit })).toBeEnabled();
});

test('a second lead goes with a new proof, solved once the first was sent', async () => {
  const { fetchMock, nonces } = offerChallenges();
  const { fill, submit, onSend } = renderContact();
  fill(valid);
  await submit();
  await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
  fill(valid);
  await submit();
  await waitFor(() => expect(onSend).toHaveBeenCalledTimes(2));
  const answered = fetchMock.mock.calls.map(([, init]) => {
    const { altcha } = JSON.parse(init?.body as string) as { altcha: string };
    return decodePayload(altcha).challenge.parameters.nonce;
  });
  expect(answered).toEqual(nonces.slice(0, 2));
});
