// What the two test files of the fake amoCRM share (amocrm.test.mjs, amocrm-notes.test.mjs): one
// fake started for the file, reset before each test, and the calls to make of it. Not a test file
// itself (node --test runs *.test.mjs).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, beforeEach } from 'node:test';

const here = fileURLToPath(new URL('.', import.meta.url));
export const dir = mkdtempSync(join(tmpdir(), 'amocrm-'));
export const token = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.long-lived';
let fake;
let base;

export function start(args) {
  const child = spawn(process.execPath, [join(here, 'amocrm.mjs'), ...args]);
  let out = '';
  child.stdout.on('data', (data) => (out += data));
  child.stderr.on('data', (data) => (out += data));
  return { child, exited: once(child, 'exit'), output: () => out };
}

// Registers the hooks that start the fake before the file's tests and stop it after them.
export function useFake() {
  before(async () => {
    writeFileSync(join(dir, 'token'), `${token}\n`);
    // No rate limit by default here; the rate limit test sets the documented 7 per second.
    fake = start(['--token-file', join(dir, 'token'), '--rate-limit', '0']);
    const [line] = await once(fake.child.stdout, 'data');
    assert.match(String(line), /^\{"port":\d+\}\n$/);
    base = `http://127.0.0.1:${JSON.parse(String(line)).port}`;
  });
  after(() => {
    fake.child.kill();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => control('reset', {}));
}

export const control = (name, value) =>
  fetch(`${base}/_control/${name}`, {
    method: 'POST',
    body: typeof value === 'string' ? value : JSON.stringify(value),
  });
export const read = async (name) => (await fetch(`${base}/_control/${name}`)).json();
export const raw = (path, init) => fetch(`${base}${path}`, init);
export async function api(path, { method = 'GET', body, auth = `Bearer ${token}` } = {}) {
  const headers = { 'content-type': 'application/json', ...(auth && { authorization: auth }) };
  const payload = body === undefined || typeof body === 'string' ? body : JSON.stringify(body);
  const answer = await fetch(`${base}${path}`, { method, headers, body: payload });
  const text = await answer.text();
  const type = answer.headers.get('content-type');
  return { status: answer.status, type, body: text ? JSON.parse(text) : null };
}
export const incoming = (n, contact = {}) => ({
  source_name: 'Landing',
  source_uid: `01J${n}`,
  created_at: 1700000000 + n,
  metadata: {
    form_id: 'lead',
    form_name: 'Lead',
    form_page: 'https://example.com/',
    ip: '1.2.3.4',
  },
  _embedded: {
    leads: [{ name: `Lead ${n}` }],
    contacts: [
      {
        name: 'Ann',
        custom_fields_values: [
          { field_code: 'EMAIL', values: [{ value: 'ann@example.com', enum_code: 'WORK' }] },
        ],
        ...contact,
      },
    ],
  },
});
export const add = (...items) =>
  api('/api/v4/leads/unsorted/forms', { method: 'POST', body: items });
export const problem = (status, title, detail) => ({
  title,
  type: `https://httpstatus.es/${status}`,
  status,
  detail,
});
