// The server's Bitrix24 tests trust bitrix24.mjs to answer as a portal would, so it is tested
// here against the shapes the REST documentation gives: `node --test receivers/`.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, beforeEach, test } from 'node:test';

const here = fileURLToPath(new URL('.', import.meta.url));
let fake;
let base;
let hook;

function start(args) {
  const child = spawn(process.execPath, [join(here, 'bitrix24.mjs'), ...args]);
  let out = '';
  child.stdout.on('data', (data) => (out += data));
  child.stderr.on('data', (data) => (out += data));
  return { child, exited: once(child, 'exit'), output: () => out };
}

before(async () => {
  fake = start(['--user', '7', '--code', 's3cr3t']);
  const [line] = await once(fake.child.stdout, 'data');
  assert.match(String(line), /^\{"port":\d+\}\n$/);
  base = `http://127.0.0.1:${JSON.parse(String(line)).port}`;
  hook = `${base}/rest/7/s3cr3t/`;
});
after(() => fake.child.kill());
beforeEach(() => control('reset', {}));

const control = (name, value) =>
  fetch(`${base}/_control/${name}`, {
    method: 'POST',
    body: typeof value === 'string' ? value : JSON.stringify(value),
  });
const read = async (name) => (await fetch(`${base}/_control/${name}`)).json();
async function call(method, params, url = hook) {
  const body = typeof params === 'string' ? params : JSON.stringify(params);
  const headers = { 'content-type': 'application/json' };
  const answer = await fetch(`${url}${method}`, { method: 'POST', body, headers });
  return { status: answer.status, body: await answer.json() };
}
const lead = (n, extra = {}) => ({
  fields: { TITLE: `Lead ${n}`, ORIGINATOR_ID: 'landing', ORIGIN_ID: `01J${n}`, ...extra },
  params: { REGISTER_SONET_EVENT: 'Y' },
});
const invalid = (description) => ({ error: '', error_description: description });

test('a valid lead is stored, found by ORIGINATOR_ID/ORIGIN_ID and read back', async () => {
  const fields = {
    NAME: 'Ann',
    EMAIL: [{ VALUE: 'ann@example.com', VALUE_TYPE: 'WORK' }],
    PHONE: [{ VALUE: '+15550100', VALUE_TYPE: 'MOBILE' }],
    IM: [{ VALUE: '@ann', VALUE_TYPE: 'TELEGRAM' }],
    UF_CRM_CONSENT: 'Y',
  };
  const added = await call('crm.lead.add.json', lead(1, fields));
  assert.equal(added.status, 200);
  assert.equal(added.body.result, 1);
  assert.deepEqual(Object.keys(added.body.time), [
    'start',
    'finish',
    'duration',
    'processing',
    'date_start',
    'date_finish',
    'operating_reset_at',
    'operating',
  ]);
  await call('crm.lead.add', lead(2));
  for (const filter of [
    { ORIGINATOR_ID: 'landing', ORIGIN_ID: '01J1' },
    { '=ORIGINATOR_ID': 'landing', '=ORIGIN_ID': '01J1' },
  ]) {
    const found = await call('crm.lead.list', { filter, select: ['ID', 'ORIGIN_ID', 'EMAIL'] });
    assert.equal(found.status, 200);
    assert.equal(found.body.total, 1);
    assert.equal(found.body.next, undefined);
    assert.deepEqual(found.body.result, [
      { ID: '1', ORIGIN_ID: '01J1', EMAIL: [{ ID: '1', TYPE_ID: 'EMAIL', ...fields.EMAIL[0] }] },
    ]);
  }
  const got = await fetch(`${hook}crm.lead.get.json?id=1`).then((answer) => answer.json());
  assert.equal(got.result.NAME, 'Ann');
  assert.equal(got.result.IM[0].VALUE_TYPE, 'TELEGRAM');
  const stored = await read('leads');
  assert.deepEqual(
    stored.map((each) => [each.ID, each.TITLE, each.UF_CRM_CONSENT ?? null]),
    [
      ['1', 'Lead 1', 'Y'],
      ['2', 'Lead 2', null],
    ],
  );
});

test('crm.lead.list pages by 50 with next and total', async () => {
  for (let n = 1; n <= 51; n++) await call('crm.lead.add', lead(n));
  const first = await call('crm.lead.list', { filter: { ORIGINATOR_ID: 'landing' } });
  assert.equal(first.body.result.length, 50);
  assert.deepEqual([first.body.next, first.body.total], [50, 51]);
  const second = await call('crm.lead.list', { filter: { ORIGINATOR_ID: 'landing' }, start: 50 });
  assert.deepEqual(
    second.body.result.map((each) => each.ID),
    ['51'],
  );
  assert.deepEqual([second.body.next, second.body.total], [undefined, 51]);
});

test('the documented errors, with their statuses', async () => {
  const cases = [
    [['crm.lead.add', lead(1), `${base}/rest/7/wrong/`], 401, 'INVALID_CREDENTIALS'],
    [['crm.lead.add', lead(1), `${base}/rest/8/s3cr3t/`], 401, 'INVALID_CREDENTIALS'],
    [['crm.lead.add', lead(1), `${base}/rest/`], 401, 'NO_AUTH_FOUND'],
    [['crm.lead.update', lead(1)], 404, 'ERROR_METHOD_NOT_FOUND'],
  ];
  for (const [args, status, error] of cases) {
    const answer = await call(...args);
    assert.equal(answer.status, status, error);
    assert.equal(answer.body.error, error);
  }
  assert.deepEqual((await call(...cases[0][0])).body, {
    error: 'INVALID_CREDENTIALS',
    error_description: 'Invalid request credentials',
  });
  const refused = [
    [{}, /'fields' must be array/],
    [{ fields: [] }, /'fields' must be array/],
    [lead(1, { TITEL: 'typo' }), /Unknown field 'TITEL'/],
    [lead(1, { EMAIL: 'ann@example.com' }), /EMAIL must be a list/],
    [lead(1, { EMAIL: [{ VALUE: 'a@b.c', VALUE_TYPE: 'PRIV' }] }), /EMAIL\[0\]\.VALUE_TYPE/],
    [lead(1, { IM: [{ VALUE: '@ann', VALUE_TYPE: 'OPENLINE' }] }), /TELEGRAM/],
    [lead(1, { PHONE: [{ VALUE: '', VALUE_TYPE: 'WORK' }] }), /VALUE must be a non-empty/],
    ['{"fields":', /not JSON/],
  ];
  for (const [params, description] of refused) {
    const answer = await call('crm.lead.add', params);
    assert.equal(answer.status, 400, JSON.stringify(params));
    assert.equal(answer.body.error, '');
    assert.match(answer.body.error_description, description);
  }
  assert.deepEqual(await call('crm.lead.get', { id: 5 }), {
    status: 400,
    body: invalid('Not found'),
  });
  const bad = invalid('ID is not defined or invalid.');
  assert.deepEqual(await call('crm.lead.delete', { id: 'x' }), { status: 400, body: bad });
  assert.deepEqual(await read('leads'), []);
});

test('crm.lead.delete removes the lead; a second delete is Not found', async () => {
  await call('crm.lead.add', lead(1));
  const deleted = await call('crm.lead.delete', { id: 1 });
  assert.equal(deleted.status, 200);
  assert.equal(deleted.body.result, true);
  assert.equal((await call('crm.lead.list', { filter: { ORIGIN_ID: '01J1' } })).body.total, 0);
  assert.deepEqual(await call('crm.lead.delete', { id: '1' }), {
    status: 400,
    body: invalid('Not found'),
  });
});

test('scripted failures are answered without doing the call; delays as written', async () => {
  const responses = [
    { method: 'crm.lead.add', error: 'QUERY_LIMIT_EXCEEDED' },
    { error: 'OPERATION_TIME_LIMIT', description: 'slow down' },
    { method: 'crm.lead.add', status: 500, error: 'CUSTOM' },
    { method: 'crm.lead.list', delayMs: 300 },
  ];
  assert.equal((await control('script', { responses })).status, 200);
  assert.deepEqual(await call('crm.lead.add', lead(1)), {
    status: 503,
    body: { error: 'QUERY_LIMIT_EXCEEDED', error_description: 'Too many requests' },
  });
  const slow = await call('crm.lead.add', lead(1));
  assert.deepEqual(slow, {
    status: 429,
    body: { error: 'OPERATION_TIME_LIMIT', error_description: 'slow down' },
  });
  assert.equal((await call('crm.lead.add', lead(1))).status, 500);
  const started = Date.now();
  assert.equal((await call('crm.lead.list', {})).status, 200);
  assert.ok(Date.now() - started >= 290, 'delayMs was waited out');
  assert.equal((await call('crm.lead.add', lead(1))).body.result, 1);
  const log = await read('calls');
  assert.deepEqual(
    log.map((each) => [each.seq, each.method, each.answered]),
    [
      [1, 'crm.lead.add', 503],
      [2, 'crm.lead.add', 429],
      [3, 'crm.lead.add', 500],
      [4, 'crm.lead.list', 200],
      [5, 'crm.lead.add', 200],
    ],
  );
  assert.equal(log[0].type, 'application/json');
  assert.deepEqual(JSON.parse(log[0].body), lead(1));
  assert.equal((await read('leads')).length, 1);
});

test('a lost answer: the lead is stored, the client sees the connection close', async () => {
  await control('script', { responses: [{ method: 'crm.lead.add', lose: true }] });
  await assert.rejects(call('crm.lead.add', lead(1)), TypeError);
  assert.deepEqual(
    (await read('leads')).map((each) => each.ORIGIN_ID),
    ['01J1'],
  );
  const [record] = await read('calls');
  assert.deepEqual([record.answered, record.lost], [null, true]);
});

test('a deleted webhook and a missing scope are 401s as documented', async () => {
  await control('scope', { crm: false });
  assert.deepEqual(await call('crm.lead.add', lead(1)), {
    status: 401,
    body: {
      error: 'insufficient_scope',
      error_description:
        'The request requires higher privileges than provided by the webhook token',
    },
  });
  await control('revoke', {});
  assert.equal((await call('crm.lead.add', lead(1))).body.error, 'INVALID_CREDENTIALS');
  await control('reset', {});
  assert.equal((await call('crm.lead.add', lead(1))).status, 200);
});

test('bad control input is a 400 that says what is wrong', async () => {
  const cases = [
    ['script', '{', /not JSON/],
    ['script', '[]', /JSON object/],
    ['script', { responses: {} }, /responses must be a list/],
    ['script', { responses: [{ status: 200 }] }, /status must be an integer from 400/],
    ['script', { responses: [{ error: 'NOPE' }] }, /not a documented system error/],
    ['script', { responses: [{ error: 'INVALID_CREDENTIALS', lose: true }] }, /lose/],
    ['script', { responses: [{ delayMs: -1 }] }, /delayMs/],
    ['script', { responses: [{ methd: 'crm.lead.add' }] }, /methd is not a key/],
    ['scope', { crm: 'no' }, /crm must be true or false/],
  ];
  for (const [name, value, message] of cases) {
    const answer = await control(name, value);
    assert.equal(answer.status, 400, JSON.stringify(value));
    assert.match((await answer.json()).error, message);
  }
  assert.equal((await control('nothing', {})).status, 404);
  assert.equal((await fetch(`${base}/_control/script`)).status, 405);
  assert.equal((await call('crm.lead.add', lead(1))).status, 200);
});

test('the fake refuses bad options', async () => {
  const runs = [['--user', 'x'], ['--code', 'a/b'], ['--port', 'x'], ['--nope']].map(start);
  for (const { exited, output } of runs) {
    const [code] = await exited;
    assert.equal(code, 2, output());
    assert.match(output(), /^bitrix24: /);
  }
});
