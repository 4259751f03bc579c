// The server's amoCRM tests trust amocrm.mjs to answer as the API v4 would, so it is tested here
// against the shapes the documentation gives: `node --test receivers/`.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  add,
  api,
  control,
  dir,
  incoming,
  problem,
  raw,
  read,
  start,
  token,
  useFake,
} from './amocrm-harness.mjs';

useFake();

test('a valid incoming lead is stored and read back, in the documented shapes', async () => {
  const added = await add(incoming(1));
  assert.equal(added.status, 200);
  assert.equal(added.type, 'application/hal+json');
  const [item] = added.body._embedded.unsorted;
  assert.equal(added.body._total_items, 1);
  assert.match(item.uid, /^[0-9a-f]{60}$/);
  assert.equal(item.request_id, '0');
  assert.equal(typeof item.account_id, 'number');
  assert.equal(item._embedded.leads.length, 1);
  assert.equal(item._embedded.contacts.length, 1);
  const listed = await api('/api/v4/leads/unsorted');
  assert.equal(listed.status, 200);
  const [model] = listed.body._embedded.unsorted;
  assert.equal(model.uid, item.uid);
  assert.deepEqual(
    [model.source_uid, model.source_name, model.category, model.created_at],
    ['01J1', 'Landing', 'forms', 1700000001],
  );
  assert.equal(model.metadata.form_id, 'lead');
  assert.deepEqual(model._embedded.leads[0].id, item._embedded.leads[0].id);
  const one = await api(`/api/v4/leads/unsorted/${item.uid}`);
  assert.deepEqual(one.body, model);
  const byUid = await api(`/api/v4/leads/unsorted?filter[uid]=${item.uid}`);
  assert.equal(byUid.body._embedded.unsorted.length, 1);
  assert.equal((await api('/api/v4/leads/unsorted?filter[uid][]=nope')).status, 204);
  const [stored] = await read('leads');
  assert.deepEqual([stored.uid, stored.declined, stored.sent], [item.uid, false, incoming(1)]);
});

test('the list pages with page and limit, _links.next, and 204 past the end', async () => {
  await add(incoming(1), incoming(2), incoming(3));
  const first = await api('/api/v4/leads/unsorted?limit=2');
  assert.equal(first.body._page, 1);
  assert.deepEqual(
    first.body._embedded.unsorted.map((each) => each.source_uid),
    ['01J1', '01J2'],
  );
  const next = new URL(first.body._links.next.href);
  assert.deepEqual([next.searchParams.get('page'), next.searchParams.get('limit')], ['2', '2']);
  const second = await api(`${next.pathname}${next.search}`);
  assert.deepEqual(
    second.body._embedded.unsorted.map((each) => each.source_uid),
    ['01J3'],
  );
  assert.equal(second.body._links.next, undefined);
  const past = await api('/api/v4/leads/unsorted?limit=2&page=3');
  assert.deepEqual([past.status, past.body], [204, null]);
  // limit is at most 250; an undocumented filter such as source_uid filters nothing.
  const all = await api('/api/v4/leads/unsorted?limit=999&filter[source_uid]=01J2');
  assert.equal(all.body._embedded.unsorted.length, 3);
});

test('a missing or wrong token, a revoked one, unknown paths and methods', async () => {
  const unauthorized = problem(401, 'Unauthorized', 'Invalid user name or password');
  for (const auth of [null, 'Bearer wrong', token]) {
    const answer = await api('/api/v4/leads/unsorted', { auth });
    assert.deepEqual([answer.status, answer.body], [401, unauthorized]);
    assert.equal(answer.type, 'application/problem+json');
  }
  assert.equal((await api('/api/v4/leads/unsorted')).status, 204);
  await control('revoke', {});
  assert.deepEqual((await api('/api/v4/leads/unsorted')).body, unauthorized);
  await control('reset', {});
  assert.equal((await api('/api/v4/contacts')).status, 404);
  assert.equal((await api('/api/v4/leads/unsorted/forms')).status, 405);
  const post = await api('/api/v4/leads/unsorted/abc/decline', { method: 'POST' });
  assert.deepEqual(post.body, problem(405, 'Method Not Allowed', 'Use DELETE'));
});

test('invalid incoming leads are a 400 naming each field, and nothing is stored', async () => {
  const { source_uid: _uid, ...noUid } = incoming(1);
  const telegram = incoming(2, {
    custom_fields_values: [
      { field_code: 'IM', values: [{ value: '@ann', enum_code: 'TELEGRAM' }] },
      { field_code: 'PHONE', values: [{ value: '+15550100', enum_code: 'MOBILE' }] },
    ],
  });
  const answer = await add(
    noUid,
    { ...incoming(3), request_id: 'r3', created_at: '1700000000' },
    telegram,
  );
  assert.equal(answer.status, 400);
  assert.equal(answer.type, 'application/problem+json');
  const contact = '2._embedded.contacts.0.custom_fields_values';
  const choice = 'The value you selected is not a valid choice.';
  assert.deepEqual(answer.body, {
    'validation-errors': [
      {
        request_id: '0',
        errors: [{ code: 'FieldMissing', path: '0.source_uid', detail: 'This field is missing.' }],
      },
      {
        request_id: 'r3',
        errors: [
          {
            code: 'InvalidType',
            path: '1.created_at',
            detail: 'This value should be of type int.',
          },
        ],
      },
      {
        request_id: '2',
        errors: [
          { code: 'NotSupportedChoice', path: `${contact}.0.field_code`, detail: choice },
          { code: 'NotSupportedChoice', path: `${contact}.1.values.0.enum_code`, detail: choice },
        ],
      },
    ],
    ...problem(400, 'Bad Request', 'Request validation failed'),
  });
  for (const body of ['[', '{}', '[]']) {
    const refused = await api('/api/v4/leads/unsorted/forms', { method: 'POST', body });
    assert.equal(refused.status, 400, body);
  }
  assert.deepEqual(await read('leads'), []);
});

test('the rate limit: 7 calls in a sliding second, then 429', async () => {
  assert.equal((await control('rate', { perSecond: 7 })).status, 200);
  const answers = await Promise.all(Array.from({ length: 8 }, () => api('/api/v4/leads/unsorted')));
  const limited = answers.filter((each) => each.status === 429);
  assert.equal(limited.length, 1);
  assert.deepEqual(limited[0].body, problem(429, 'Too Many Requests', 'Too Many Requests'));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  assert.equal((await api('/api/v4/leads/unsorted')).status, 204);
});

test('a lost answer: the lead is stored, the client sees the connection close', async () => {
  const path = '/api/v4/leads/unsorted/forms';
  await control('script', { responses: [{ path, lose: true }] });
  await assert.rejects(add(incoming(1)), TypeError);
  const [stored] = await read('leads');
  assert.equal(stored.sent.source_uid, '01J1');
  const [record] = await read('calls');
  assert.deepEqual([record.answered, record.lost, record.path], [null, true, path]);
  assert.equal(record.headers.authorization, `Bearer ${token}`);
});

test('scripted failures are answered without doing the call', async () => {
  const responses = [
    { path: '/api/v4/leads/unsorted/forms', status: 503, delayMs: 200 },
    { method: 'POST', status: 500, body: { detail: 'boom' } },
  ];
  assert.equal((await control('script', { responses })).status, 200);
  const started = Date.now();
  const first = await add(incoming(1));
  assert.ok(Date.now() - started >= 190, 'delayMs was waited out');
  assert.deepEqual(first.body, problem(503, 'Service Unavailable', 'Service Unavailable'));
  assert.deepEqual((await add(incoming(1))).body, { detail: 'boom' });
  assert.deepEqual(await read('leads'), []);
  assert.equal((await add(incoming(1))).status, 200);
  assert.deepEqual(
    (await read('calls')).map((each) => each.answered),
    [503, 500, 200],
  );
});

test('decline: DELETE /api/v4/leads/unsorted/{uid}/decline takes the lead away', async () => {
  const [{ uid }] = (await add(incoming(1))).body._embedded.unsorted;
  const path = `/api/v4/leads/unsorted/${uid}/decline`;
  const declined = await api(path, { method: 'DELETE', body: { user_id: 42 } });
  assert.equal(declined.status, 200);
  assert.deepEqual(
    [declined.body.uid, declined.body.category, declined.body._embedded.contacts.length],
    [uid, 'forms', 1],
  );
  assert.equal((await api(`/api/v4/leads/unsorted/${uid}`)).status, 204);
  assert.equal((await api('/api/v4/leads/unsorted')).status, 204);
  assert.equal((await read('leads'))[0].declined, true);
  const again = await api(path, { method: 'DELETE' });
  assert.deepEqual(again.body, problem(404, 'Not Found', 'Incoming lead not found'));
  const [{ uid: other }] = (await add(incoming(2))).body._embedded.unsorted;
  const badUser = { method: 'DELETE', body: { user_id: 'me' } };
  const refused = await api(`/api/v4/leads/unsorted/${other}/decline`, badUser);
  assert.equal(refused.body['validation-errors'][0].errors[0].path, 'user_id');
});

test('bad control input is a 400 that says what is wrong', async () => {
  const cases = [
    ['script', '{', /not JSON/],
    ['script', { responses: 'x' }, /responses must be a list/],
    ['script', { responses: [{ status: 42 }] }, /status must be an integer from 200/],
    ['script', { responses: [{ status: 503, lose: true }] }, /lose/],
    ['script', { responses: [{ path: 5 }] }, /path must be a string/],
    ['script', { responses: [{ stauts: 500 }] }, /stauts is not a key/],
    ['rate', { perSecond: -1 }, /perSecond/],
  ];
  for (const [name, value, message] of cases) {
    const answer = await control(name, value);
    assert.equal(answer.status, 400, JSON.stringify(value));
    assert.match((await answer.json()).error, message);
  }
  assert.equal((await raw('/_control/leads', { method: 'POST' })).status, 405);
});

test('the fake refuses to start without a usable token or with bad options', async () => {
  writeFileSync(join(dir, 'empty'), '\n');
  const runs = [
    [],
    ['--token-file', join(dir, 'empty')],
    ['--token-file', join(dir, 'absent')],
    ['--token-file', join(dir, 'token'), '--rate-limit', 'x'],
    ['--token-file', join(dir, 'token'), '--port', '70000'],
  ].map(start);
  for (const { exited, output } of runs) {
    const [code] = await exited;
    assert.equal(code, 2, output());
    assert.match(output(), /^amocrm: /);
  }
});
