import { describe, expect, test, vi } from 'vitest';
import { RETRY_AFTER_MAX_S, sendLead, type Lead } from './contactApi';

const lead: Lead = {
  name: 'Anna',
  social: '@anna_dev',
  email: 'anna@example.com',
  message: 'We need a landing page.',
  locale: 'en',
  website: '',
};

function answers(
  ...replies: { status: number; headers?: Record<string, string>; body?: unknown }[]
) {
  const fetchImpl = vi.fn(async () => {
    const next = replies.shift();
    if (!next) throw new Error('no more answers');
    return new Response(next.body === undefined ? null : JSON.stringify(next.body), {
      status: next.status,
      headers: next.headers,
    });
  });
  return fetchImpl as unknown as typeof fetch & typeof fetchImpl;
}

describe('sending a lead', () => {
  test('202 is sent, at once', async () => {
    const fetchImpl = answers({ status: 202, body: { id: 'x' } });
    const wait = vi.fn(async () => {});
    expect(await sendLead(lead, fetchImpl, wait)).toEqual({ kind: 'sent' });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(wait).not.toHaveBeenCalled();
  });

  test('a 503 with a short Retry-After (the database failing over) is tried once more after it', async () => {
    const fetchImpl = answers(
      { status: 503, headers: { 'Retry-After': '5' }, body: { error: 'unavailable' } },
      { status: 202, body: { id: 'x' } },
    );
    const wait = vi.fn(async () => {});
    expect(await sendLead(lead, fetchImpl, wait)).toEqual({ kind: 'sent' });
    expect(wait).toHaveBeenCalledWith(5000);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  test('once only: a second 503 is a failure the form shows', async () => {
    const unavailable = { status: 503, headers: { 'Retry-After': '5' } };
    const fetchImpl = answers(unavailable, unavailable);
    expect(await sendLead(lead, fetchImpl, async () => {})).toEqual({
      kind: 'failed',
      status: 503,
    });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  test.each([
    ['a 503 without Retry-After', { status: 503 }],
    [
      `a 503 asking for more than ${RETRY_AFTER_MAX_S} s`,
      { status: 503, headers: { 'Retry-After': String(RETRY_AFTER_MAX_S + 1) } },
    ],
    [
      'a 503 with a date for Retry-After',
      { status: 503, headers: { 'Retry-After': 'Fri, 27 Nov 2026 10:00:00 GMT' } },
    ],
    ['a 429 (the visitor sent too many)', { status: 429, headers: { 'Retry-After': '2' } }],
    ['a 500', { status: 500, headers: { 'Retry-After': '2' } }],
  ])('%s is not tried again', async (_title, reply) => {
    const fetchImpl = answers(reply);
    const wait = vi.fn(async () => {});
    expect(await sendLead(lead, fetchImpl, wait)).toEqual({ kind: 'failed', status: reply.status });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(wait).not.toHaveBeenCalled();
  });

  test('a 422 names the refused fields; a lost connection is a failure', async () => {
    expect(
      await sendLead(
        lead,
        answers({ status: 422, body: { errors: { email: 'invalid', x: 'y' } } }),
      ),
    ).toEqual({ kind: 'invalid', errors: { email: 'invalid' } });
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await sendLead(lead, offline)).toEqual({ kind: 'failed' });
  });

  test('a 422 refusing the proof of work says why, for a fresh proof and one more try', async () => {
    const fetchImpl = answers({ status: 422, body: { errors: { proof: 'expired' } } });
    expect(await sendLead({ ...lead, altcha: 'eyJ9' }, fetchImpl)).toEqual({
      kind: 'proof',
      refusal: 'expired',
    });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ ...lead, altcha: 'eyJ9' });
  });
});
