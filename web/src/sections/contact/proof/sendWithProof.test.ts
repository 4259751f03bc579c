// Sending with a proof end to end on the page's side: the real challenge fetch, the worker's
// solver run in place (node has no Worker), the real post; altcha-lib verifies what was posted.
import { sendLead, type Lead } from '../contactApi';
import { CHALLENGE_ENDPOINT, fetchChallenge } from './challenge';
import { createProof } from './proof';
import { sendWithProof } from './sendWithProof';
import { solve } from './solve';
import { challengeResponse, decodePayload, makeChallenge, verify } from './testing';

const lead: Lead = {
  name: 'Anna',
  social: '@anna_dev',
  email: 'anna@example.com',
  message: 'We need a landing page.',
  locale: 'en',
  website: '',
};

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/**
 * A server: issues a fresh signed challenge on each GET /api/challenge (or answers
 * `challengeStatus`), answers the posts in turn; records both.
 */
function server(posts: Answer[], { challengeStatus = 200 } = {}) {
  const challenges: string[] = [];
  const bodies: Record<string, unknown>[] = [];
  const fetchImpl = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === CHALLENGE_ENDPOINT) {
      if (challengeStatus !== 200) return new Response(null, { status: challengeStatus });
      const challenge = await makeChallenge(Math.floor(Date.now() / 1000) + 600);
      challenges.push(challenge.parameters.nonce);
      return challengeResponse(challenge, new Date());
    }
    bodies.push(JSON.parse(init?.body as string) as Record<string, unknown>);
    const next = posts.shift() ?? { status: 202, body: { id: 'x' } };
    return new Response(JSON.stringify(next.body ?? {}), next);
  }) as unknown as typeof fetch;
  const proof = createProof({
    fetchChallenge: () => fetchChallenge(fetchImpl),
    solve: async (challenge) => {
      const reply = await solve(challenge);
      return 'solution' in reply ? reply.solution : null;
    },
    now: Date.now,
  });
  const send = (l: Lead) => sendWithProof(l, proof, (x) => sendLead(x, fetchImpl, async () => {}));
  /** The challenge (by nonce) each post's proof answers. */
  const answered = () =>
    bodies.map((b) => decodePayload(b.altcha as string).challenge.parameters.nonce);
  return { proof, send, challenges, bodies, answered };
}

test('the lead carries its proof in the JSON body, and altcha-lib verifies it', async () => {
  const { proof, send, bodies } = server([]);
  proof.start();
  expect(await send(lead)).toEqual({ kind: 'sent' });
  expect(bodies).toHaveLength(1);
  const [{ altcha, ...rest } = {}] = bodies;
  expect(rest).toEqual(lead);
  expect(await verify(altcha as string)).toMatchObject({ verified: true });
});

test.each([404, 503, 429])(
  'a challenge answered %i means no proof: the lead still goes, without the field',
  async (status) => {
    const { send, bodies } = server([], { challengeStatus: status });
    expect(await send(lead)).toEqual({ kind: 'sent' });
    expect(bodies).toEqual([lead]);
  },
);

test.each(['expired', 'reused', 'invalid', 'required'])(
  'a proof refused as %s: exactly one fresh challenge and one resend',
  async (refusal) => {
    const { send, challenges, bodies, answered } = server([
      { status: 422, body: { errors: { proof: refusal } } },
      { status: 202, body: { id: 'x' } },
    ]);
    expect(await send(lead)).toEqual({ kind: 'sent' });
    expect(bodies).toHaveLength(2);
    // The third challenge is the next lead's, started once this one is through.
    expect(answered()).toEqual(challenges.slice(0, 2));
    expect(await verify(bodies[1]?.altcha as string)).toMatchObject({ verified: true });
  },
);

test('a proof refused again after the fresh one is a failure, with no third post', async () => {
  const refused = { status: 422, body: { errors: { proof: 'invalid' } } };
  const { send, bodies } = server([refused, refused]);
  expect(await send(lead)).toEqual({ kind: 'failed', status: 422 });
  expect(bodies).toHaveLength(2);
});

test('refused fields come first: the form marks them, no resend', async () => {
  const { send, bodies } = server([
    { status: 422, body: { errors: { email: 'invalid', proof: 'expired' } } },
  ]);
  expect(await send(lead)).toEqual({ kind: 'invalid', errors: { email: 'invalid' } });
  expect(bodies).toHaveLength(1);
});

test('a second lead is sent with a new challenge, solved after the first was sent', async () => {
  const { proof, send, challenges, answered } = server([]);
  proof.start();
  await send(lead);
  await send({ ...lead, message: 'And a bot for Telegram.' });
  expect(answered()).toEqual(challenges.slice(0, 2));
  expect(challenges[0]).not.toBe(challenges[1]);
});

test("a 503's one retry after Retry-After posts the same proof", async () => {
  const { send, answered } = server([
    { status: 503, body: { error: 'unavailable' }, headers: { 'Retry-After': '5' } },
  ]);
  expect(await send(lead)).toEqual({ kind: 'sent' });
  const [first, second] = answered();
  expect(second).toBe(first);
});
