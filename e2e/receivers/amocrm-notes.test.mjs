// The notes on leads of the fake amoCRM (amocrm-notes.mjs), tested against the shapes of
// amocrm.ru/developers/content/crm_platform/events-and-notes: `node --test receivers/`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { add, api, control, incoming, problem, read, token, useFake } from './amocrm-harness.mjs';

useFake();

// The lead id of a new incoming lead.
async function newLead(n = 1) {
  const added = await add(incoming(n));
  assert.equal(added.status, 200);
  return added.body._embedded.unsorted[0]._embedded.leads[0].id;
}
const note = (entity_id, text, extra = {}) => ({
  entity_id,
  note_type: 'common',
  params: { text },
  ...extra,
});
const addNotes = (...notes) => api('/api/v4/leads/notes', { method: 'POST', body: notes });

test('a note on an incoming lead is stored and read back, in the documented shapes', async () => {
  const lead = await newLead();
  const added = await addNotes(
    note(lead, 'landing 01J1'),
    note(lead, 'again', { request_id: 'r' }),
  );
  assert.equal(added.status, 200);
  assert.equal(added.type, 'application/hal+json');
  const host = new URL(added.body._links.self.href).origin;
  assert.deepEqual(added.body._links, { self: { href: `${host}/api/v4/leads/notes` } });
  const [first, second] = added.body._embedded.notes;
  assert.equal(second.id, first.id + 1);
  assert.deepEqual(first, {
    id: first.id,
    entity_id: lead,
    request_id: '0',
    _links: { self: { href: `${host}/api/v4/leads/${lead}/notes/${first.id}` } },
  });
  assert.equal(second.request_id, 'r');
  const listed = await api(`/api/v4/leads/${lead}/notes`);
  assert.equal(listed.status, 200);
  assert.equal(listed.type, 'application/hal+json');
  assert.equal(listed.body._page, 1);
  assert.equal(listed.body._links.next, undefined);
  const [model] = listed.body._embedded.notes;
  const keys = ['id', 'entity_id', 'created_by', 'updated_by', 'created_at', 'updated_at'];
  keys.push('responsible_user_id', 'group_id', 'note_type', 'params', 'account_id', '_links');
  assert.deepEqual(Object.keys(model), keys);
  assert.deepEqual(
    [model.id, model.entity_id, model.note_type, model.params, model._links],
    [first.id, lead, 'common', { text: 'landing 01J1' }, first._links],
  );
  assert.equal(listed.body._embedded.notes.length, 2);
  // The documented alternative: the lead in the path, entity_id not needed.
  const inPath = { method: 'POST', body: [{ note_type: 'common', params: { text: 'third' } }] };
  const third = await api(`/api/v4/leads/${lead}/notes`, inPath);
  assert.equal(third.body._embedded.notes[0].entity_id, lead);
  const [stored] = await read('leads');
  assert.deepEqual(stored.notes, [
    { id: first.id, lead_id: lead, note_type: 'common', text: 'landing 01J1' },
    { id: second.id, lead_id: lead, note_type: 'common', text: 'again' },
    { id: first.id + 2, lead_id: lead, note_type: 'common', text: 'third' },
  ]);
  await control('reset', {});
  assert.equal(await newLead(), lead, 'lead ids start again after a reset');
  assert.equal((await api(`/api/v4/leads/${lead}/notes`)).status, 204);
  assert.deepEqual((await read('leads'))[0].notes, []);
});

test('filter[note_type] takes a string or a list; pages; 204 when none', async () => {
  const [lead, other] = [await newLead(1), await newLead(2)];
  const sms = { entity_id: lead, note_type: 'sms_in', params: { text: 'hi', phone: '+1555' } };
  await addNotes(note(lead, 'a'), sms, note(lead, 'b'), note(other, 'elsewhere'));
  const texts = (answer) => answer.body._embedded.notes.map((each) => each.params.text);
  const common = await api(`/api/v4/leads/${lead}/notes?filter%5Bnote_type%5D=common`);
  assert.deepEqual(texts(common), ['a', 'b']);
  const both = await api(
    `/api/v4/leads/${lead}/notes?filter[note_type][]=common&filter[note_type][]=sms_in`,
  );
  assert.deepEqual(texts(both), ['a', 'hi', 'b']);
  const none = await api(`/api/v4/leads/${lead}/notes?filter[note_type]=call_in`);
  assert.deepEqual([none.status, none.body], [204, null]);
  const newest = await api(`/api/v4/leads/${lead}/notes?order[id]=desc&limit=1`);
  assert.deepEqual(texts(newest), ['b']);
  const next = new URL(newest.body._links.next.href);
  assert.equal(next.pathname, `/api/v4/leads/${lead}/notes`);
  assert.deepEqual(texts(await api(`${next.pathname}${next.search}`)), ['hi']);
  // GET /api/v4/leads/notes lists the notes of every lead, filter[entity_id] one lead's.
  const all = await api(`/api/v4/leads/notes?filter[entity_id][]=${other}`);
  assert.deepEqual(texts(all), ['elsewhere']);
});

test('an unknown entity_id, type or a blank text is a 400 naming the field, nothing stored', async () => {
  const lead = await newLead();
  const answer = await addNotes(
    note(lead, 'fine'),
    note(lead + 1000, 'nowhere', { request_id: 'lost' }),
    { entity_id: lead, note_type: 'mail_message', params: {} },
    note(lead, ' '),
    { note_type: 'common' },
  );
  assert.equal(answer.status, 400);
  assert.equal(answer.type, 'application/problem+json');
  assert.deepEqual(answer.body, {
    'validation-errors': [
      {
        request_id: 'lost',
        errors: [{ code: 'NotFound', path: 'entity_id', detail: 'Entity not found' }],
      },
      {
        request_id: '2',
        errors: [
          {
            code: 'NotSupportedChoice',
            path: 'note_type',
            detail: 'The value you selected is not a valid choice.',
          },
        ],
      },
      {
        request_id: '3',
        errors: [
          { code: 'NotBlank', path: 'params.text', detail: 'This value should not be blank.' },
        ],
      },
      {
        request_id: '4',
        errors: [
          { code: 'FieldMissing', path: 'entity_id', detail: 'This field is missing.' },
          { code: 'FieldMissing', path: 'params', detail: 'This field is missing.' },
        ],
      },
    ],
    ...problem(400, 'Bad Request', 'Request validation failed'),
  });
  for (const body of ['[', '{}', '[]']) {
    assert.equal((await api('/api/v4/leads/notes', { method: 'POST', body })).status, 400, body);
  }
  assert.deepEqual((await read('leads'))[0].notes, []);
  const unknown = await api(`/api/v4/leads/${lead + 1000}/notes`);
  assert.deepEqual(unknown.body, problem(404, 'Not Found', 'Lead not found'));
  assert.equal(unknown.type, 'application/problem+json');
  // A declined incoming lead takes its lead with it.
  const [{ uid }] = (await api('/api/v4/leads/unsorted')).body._embedded.unsorted;
  await api(`/api/v4/leads/unsorted/${uid}/decline`, { method: 'DELETE' });
  const gone = await addNotes(note(lead, 'late'));
  assert.equal(gone.body['validation-errors'][0].errors[0].path, 'entity_id');
  assert.equal((await api(`/api/v4/leads/${lead}/notes`)).status, 404);
  const put = await api('/api/v4/leads/notes', { method: 'PUT' });
  assert.deepEqual(put.body, problem(405, 'Method Not Allowed', 'Use GET or POST'));
});

test('a lost answer: the note is stored, the client sees the connection close', async () => {
  const lead = await newLead();
  const path = '/api/v4/leads/notes';
  await control('script', { responses: [{ path, lose: true }] });
  await assert.rejects(addNotes(note(lead, 'landing 01J1')), TypeError);
  assert.deepEqual(
    (await read('leads'))[0].notes.map((each) => each.text),
    ['landing 01J1'],
  );
  const record = (await read('calls')).at(-1);
  assert.deepEqual(
    [record.method, record.path, record.answered, record.lost],
    ['POST', path, null, true],
  );
  // A scripted status: not performed; a delay holds the list back.
  await control('script', {
    responses: [
      { path, status: 503 },
      { path: `/api/v4/leads/${lead}/notes`, method: 'GET', delayMs: 200 },
    ],
  });
  assert.equal((await addNotes(note(lead, 'again'))).status, 503);
  const started = Date.now();
  assert.equal((await api(`/api/v4/leads/${lead}/notes`)).body._embedded.notes.length, 1);
  assert.ok(Date.now() - started >= 190, 'delayMs was waited out');
});

test('notes need the token and count against the rate limit', async () => {
  const lead = await newLead();
  const unauthorized = problem(401, 'Unauthorized', 'Invalid user name or password');
  for (const auth of [null, 'Bearer wrong', token]) {
    const posted = await api('/api/v4/leads/notes', {
      method: 'POST',
      body: [note(lead, 'x')],
      auth,
    });
    assert.deepEqual([posted.status, posted.body], [401, unauthorized]);
    const listed = await api(`/api/v4/leads/${lead}/notes`, { auth });
    assert.deepEqual([listed.status, listed.body], [401, unauthorized]);
  }
  assert.deepEqual((await read('leads'))[0].notes, []);
  await control('rate', { perSecond: 1 });
  assert.equal((await addNotes(note(lead, 'one'))).status, 200);
  const limited = await api(`/api/v4/leads/${lead}/notes`);
  assert.deepEqual(limited.body, problem(429, 'Too Many Requests', 'Too Many Requests'));
});
