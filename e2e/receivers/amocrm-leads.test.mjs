// The leads behind the fake amoCRM's incoming leads (amocrm-leads.mjs): accepting one, and the
// leads' list with its search, in the shapes the API v4 documentation gives.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { add, api, control, incoming, problem, read, useFake } from './amocrm-harness.mjs';

useFake();

const named = (n, name) => ({
  ...incoming(n),
  _embedded: { ...incoming(n)._embedded, leads: [{ name }] },
});

test('every incoming lead is a lead in the incoming stage, found by a search of its name', async () => {
  await add(
    named(1, 'Анна — mintline.studio · 01JAAA'),
    named(2, 'Борис — mintline.studio · 01JBBB'),
  );
  const all = await api('/api/v4/leads');
  assert.equal(all.status, 200);
  assert.equal(all.type, 'application/hal+json');
  assert.deepEqual(
    all.body._embedded.leads.map((lead) => [lead.name, lead.status_id]),
    [
      ['Анна — mintline.studio · 01JAAA', 7000010],
      ['Борис — mintline.studio · 01JBBB', 7000010],
    ],
  );
  const found = await api('/api/v4/leads?query=01jbbb');
  assert.deepEqual(
    found.body._embedded.leads.map((lead) => lead.name),
    ['Борис — mintline.studio · 01JBBB'],
  );
  assert.match(found.body._embedded.leads[0]._links.self.href, /\/api\/v4\/leads\/\d+$/);
  assert.equal((await api('/api/v4/leads?query=01JCCC')).status, 204);
  assert.equal((await api('/api/v4/leads?limit=0')).status, 400);
});

test('an accepted incoming lead leaves the incoming leads and stays a lead, in the pipeline', async () => {
  const [{ uid }] = (await add(named(1, 'Анна · 01JAAA'))).body._embedded.unsorted;
  const accepted = await api(`/api/v4/leads/unsorted/${uid}/accept`, {
    method: 'POST',
    body: { user_id: 42 },
  });
  assert.equal(accepted.status, 200);
  assert.deepEqual([accepted.body.uid, accepted.body.status_id], [uid, 7000011]);
  assert.equal((await api('/api/v4/leads/unsorted')).status, 204);
  assert.equal((await api(`/api/v4/leads/unsorted/${uid}`)).status, 204);
  const [lead] = (await api('/api/v4/leads?query=01JAAA')).body._embedded.leads;
  assert.deepEqual([lead.name, lead.status_id], ['Анна · 01JAAA', 7000011]);
  // Its notes are still the lead's; it can be neither accepted nor declined again.
  const note = { note_type: 'common', params: { text: 'x' } };
  assert.equal(
    (await api(`/api/v4/leads/${lead.id}/notes`, { method: 'POST', body: [note] })).status,
    200,
  );
  const again = await api(`/api/v4/leads/unsorted/${uid}/accept`, { method: 'POST' });
  assert.deepEqual(again.body, problem(404, 'Not Found', 'Incoming lead not found'));
  const decline = await api(`/api/v4/leads/unsorted/${uid}/decline`, { method: 'DELETE' });
  assert.equal(decline.status, 404);
  assert.equal((await read('leads'))[0].accepted, true);
});

test('acceptance checks its body, and the control accepts by the source uid', async () => {
  const [{ uid }] = (await add(named(1, 'Анна · 01JAAA'))).body._embedded.unsorted;
  const refused = await api(`/api/v4/leads/unsorted/${uid}/accept`, {
    method: 'POST',
    body: { status_id: 'won' },
  });
  assert.equal(refused.status, 400);
  assert.equal(refused.body['validation-errors'][0].errors[0].path, 'status_id');
  assert.equal((await control('accept', { source_uid: '01J1' })).status, 200);
  assert.equal((await control('accept', { source_uid: '01J1' })).status, 400);
  const [lead] = (await api('/api/v4/leads')).body._embedded.leads;
  assert.equal(lead.status_id, 7000011);
  // A declined lead is deleted: no longer listed.
  const [{ uid: other }] = (await add(named(2, 'Борис · 01JBBB'))).body._embedded.unsorted;
  await api(`/api/v4/leads/unsorted/${other}/decline`, { method: 'DELETE' });
  assert.equal((await api('/api/v4/leads?query=01JBBB')).status, 204);
});
