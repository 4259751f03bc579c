// The server's tests and the journeys trust these two scripts to judge signatures, so they are
// tested first against signatures made by the library's own `sign`: `node --test receivers/`.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, beforeEach, test } from 'node:test';
import { Webhook } from 'standardwebhooks';

const here = fileURLToPath(new URL('.', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'webhook-receiver-'));
const secretOf = (letter) => 'whsec_' + Buffer.from(letter.repeat(32)).toString('base64');
const secret = secretOf('k');
const other = secretOf('o');
const body = '{"type":"lead.created","timestamp":"2026-11-25T00:00:00Z","data":{"id":"01J"}}';
let receiver;
let base;

function start(args) {
  const child = spawn(process.execPath, [join(here, 'webhook-receiver.mjs'), ...args]);
  let out = '';
  child.stdout.on('data', (data) => (out += data));
  child.stderr.on('data', (data) => (out += data));
  return { child, output: () => out };
}

before(async () => {
  writeFileSync(join(dir, 'secret'), `  ${secret}\n`);
  receiver = start(['--secret-file', join(dir, 'secret'), '--state-file', join(dir, 'state')]);
  const [line] = await once(receiver.child.stdout, 'data');
  assert.match(String(line), /^\{"port":\d+\}\n$/);
  base = `http://127.0.0.1:${JSON.parse(String(line)).port}`;
});
after(() => {
  receiver.child.kill();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => control('reset', {}));

function signed(id, payload, { at = new Date(), key = secret } = {}) {
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(key).sign(id, at, payload),
  };
}
const send = (payload, headers) =>
  fetch(`${base}/hooks/leads`, { method: 'POST', body: payload, headers });
const control = (name, value) =>
  fetch(`${base}/_control/${name}`, {
    method: 'POST',
    body: typeof value === 'string' ? value : JSON.stringify(value),
  });
const recorded = async () => (await fetch(`${base}/_control/deliveries`)).json();

test('a signed delivery is verified; a tampered, foreign or stale one is not, with the reason', async () => {
  const answer = await send(body, signed('a', body));
  assert.equal(answer.status, 204);
  await send(body + ' ', signed('b', body));
  await send(body, signed('c', body, { key: other }));
  await send(body, signed('d', body, { at: new Date(Date.now() - 600_000) }));
  // Rotation: the sender signs with the new and the old secret; either one is enough.
  const both = signed('e', body, { key: other });
  both['webhook-signature'] += ' ' + signed('e', body)['webhook-signature'];
  await send(body, both);
  const all = await recorded();
  assert.deepEqual(
    all.map((each) => [each.seq, each.headers['webhook-id'], each.verified, each.error]),
    [
      [1, 'a', true, null],
      [2, 'b', false, 'No matching signature found'],
      [3, 'c', false, 'No matching signature found'],
      [4, 'd', false, 'Message timestamp too old'],
      [5, 'e', true, null],
    ],
  );
  assert.equal(all[0].method, 'POST');
  assert.equal(all[0].path, '/hooks/leads');
  assert.equal(all[0].body, body);
  assert.equal(all[0].answered, 204);
  assert.equal(all[0].headers['content-type'], 'application/json');
  assert.equal(typeof all[0].at, 'number');
  assert.deepEqual(JSON.parse(readFileSync(join(dir, 'state'), 'utf8')), all);
});

test('answers follow the script, then its fallback; Retry-After and delays as written', async () => {
  const script = {
    responses: [
      { status: 503, headers: { 'Retry-After': '3' }, body: 'busy' },
      { status: 410 },
      { status: 200, delayMs: 300 },
    ],
    then: { status: 500, body: 'database down' },
  };
  assert.equal((await control('script', script)).status, 200);
  const first = await send(body, signed('x', body));
  assert.equal(first.status, 503);
  assert.equal(first.headers.get('retry-after'), '3');
  assert.equal(await first.text(), 'busy');
  assert.equal((await send(body, signed('x', body))).status, 410);
  const started = Date.now();
  assert.equal((await send(body, signed('x', body))).status, 200);
  assert.ok(Date.now() - started >= 290, 'delayMs was waited out');
  const rest = await send(body, signed('x', body));
  assert.deepEqual([rest.status, await rest.text()], [500, 'database down']);
  assert.deepEqual(
    (await recorded()).map((each) => each.answered),
    [503, 410, 200, 500],
  );
  // A reset forgets the script too.
  await control('reset', {});
  assert.equal((await send(body, signed('x', body))).status, 204);
});

test('a sender that leaves mid-answer leaves the receiver running', async () => {
  await control('script', { responses: [{ status: 204, delayMs: 400 }] });
  const sender = request(`${base}/hooks/leads`, { method: 'POST', headers: signed('k', body) });
  sender.on('error', () => {});
  sender.end(body);
  while ((await recorded()).length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  sender.destroy();
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert.equal((await send(body, signed('l', body))).status, 204);
  assert.deepEqual(
    (await recorded()).map((each) => [each.headers['webhook-id'], each.verified]),
    [
      ['k', true],
      ['l', true],
    ],
  );
});

test('a new secret takes over, for rotation tests', async () => {
  assert.equal((await control('secret', { secret: other })).status, 200);
  await send(body, signed('n', body, { key: other }));
  await send(body, signed('o', body));
  assert.equal((await control('secret', { secret })).status, 200);
  assert.deepEqual(
    (await recorded()).map((each) => each.verified),
    [true, false],
  );
});

test('bad control input is a 400 that says what is wrong', async () => {
  const cases = [
    ['script', '{', /not JSON/],
    ['script', '[]', /JSON object/],
    ['script', { responses: {} }, /responses must be a list/],
    ['script', { responses: [{ status: 42 }] }, /responses\[0\]\.status/],
    ['script', { responses: [{ status: 200, delayMs: -1 }] }, /delayMs/],
    ['script', { responses: [{ status: 200, headers: { 'a b': '1' } }] }, /not a valid header/],
    ['script', { responses: [], then: { status: '204' } }, /then\.status/],
    ['secret', { secret: 'hunter2' }, /whsec_/],
    ['secret', { secret: 'whsec_' }, /empty/],
  ];
  for (const [name, value, message] of cases) {
    const answer = await control(name, value);
    assert.equal(answer.status, 400, JSON.stringify(value));
    assert.match((await answer.json()).error, message);
  }
  assert.equal((await control('nothing', {})).status, 404);
  assert.equal((await fetch(`${base}/_control/script`)).status, 405);
  // None of them changed the script.
  assert.equal((await send(body, signed('z', body))).status, 204);
});

test('the receiver refuses to start without a usable secret', async () => {
  writeFileSync(join(dir, 'empty'), '\n');
  for (const args of [[], ['--secret-file', join(dir, 'empty')], ['--port', 'x']]) {
    const { child, output } = start(args);
    const [code] = await once(child, 'exit');
    assert.equal(code, 2, output());
    assert.match(output(), /^webhook-receiver: /);
  }
});

function verifySignature(input) {
  const child = spawn(process.execPath, [join(here, 'verify-signature.mjs')]);
  let out = '';
  child.stdout.on('data', (data) => (out += data));
  child.stdin.end(typeof input === 'string' ? input : JSON.stringify(input));
  return once(child, 'exit').then(([code]) => ({ code, ...JSON.parse(out) }));
}

test('verify-signature.mjs gives the library verdict and message', async () => {
  const headers = signed('p', body);
  const old = signed('p', body, { at: new Date(Date.now() - 600_000) });
  const both = signed('p', body, { key: other });
  both['webhook-signature'] += ' ' + headers['webhook-signature'];
  const results = await Promise.all([
    verifySignature({ secret, headers, body }),
    verifySignature({ secret, headers, body: body + 'x' }),
    verifySignature({ secret: other, headers, body }),
    verifySignature({ secret, headers: old, body }),
    verifySignature({ secret, headers: both, body }),
    verifySignature('not json'),
    verifySignature({ secret, headers }),
  ]);
  assert.deepEqual(results, [
    { code: 0, ok: true },
    { code: 0, ok: false, error: 'No matching signature found' },
    { code: 0, ok: false, error: 'No matching signature found' },
    { code: 0, ok: false, error: 'Message timestamp too old' },
    { code: 0, ok: true },
    { code: 2, ok: false, error: results[5].error },
    { code: 2, ok: false, error: 'body must be a string' },
  ]);
  assert.match(results[5].error, /not JSON/);
});
