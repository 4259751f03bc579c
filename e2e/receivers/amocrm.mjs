// A fake amoCRM (Kommo) account reached with a private integration's long-lived token, for the
// tests of the server's amoCRM channel: incoming leads of the forms kind added, listed, read and
// declined the way the API v4 documentation says (amocrm.ru/developers/content/crm_platform/
// unsorted-api, developers.kommo.com/reference/incoming-leads-form and the pages cited below),
// notes on their leads (amocrm-notes.mjs), with its rate limit, and a script of failures, delays
// and lost answers. See README.md.
//
//   node amocrm.mjs --token-file PATH [--port 0] [--rate-limit 7]
//
// http://127.0.0.1:PORT stands for https://<subdomain>.amocrm.ru. Prints {"port":N} on stdout
// once listening on 127.0.0.1, then runs until SIGTERM/SIGINT.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { check, checkItem, matcher, pageOf, problem, wrongType } from './amocrm-checks.mjs';
import { accept, decision, listLeads } from './amocrm-leads.mjs';
import { Notes } from './amocrm-notes.mjs';
import { Calls, Script, bracketQuery, control, finish, isObject, json } from './crm-common.mjs';
import { options, readBody, reply, scriptEntryError, serve, usage } from './crm-common.mjs';

const name = 'amocrm';
const opts = options(name, {
  'token-file': { type: 'string' },
  'rate-limit': { type: 'string', default: '7' },
});
if (!opts['token-file']) usage(name, '--token-file is required');
let token = '';
try {
  token = readFileSync(opts['token-file'], 'utf8').trim();
} catch (error) {
  usage(name, error.message);
}
if (!/^\S+$/.test(token)) usage(name, `the token in ${opts['token-file']} must be one word`);
// developers.kommo.com/docs/limitations: "not more than 7 requests per second" (0: no limit).
if (!/^\d+$/.test(opts['rate-limit'])) usage(name, '--rate-limit must be an integer >= 0');
const defaultRate = Number(opts['rate-limit']);

const accountId = 31000001;
const mainPipeline = 7000001;
let unsorted = new Map();
let [nextLead, nextContact, nextCompany] = [10000001, 20000001, 30000001];
let revoked = false;
let rate = defaultRate;
let recent = [];
const calls = new Calls();
const script = new Script();
// A lead exists while its incoming lead is not declined (declining deletes the lead).
const isLead = (id) =>
  [...unsorted.values()].some((each) => !each.declined && each.leads.includes(id));
const notes = new Notes(accountId, isLead);

const link = (host, path) => ({ self: { href: `${host}${path}` } });
const embedded = (record, host) => ({
  leads: record.leads.map((id) => ({ id, _links: link(host, `/api/v4/leads/${id}`) })),
  contacts: record.contacts.map((id) => ({ id, _links: link(host, `/api/v4/contacts/${id}`) })),
  companies: record.companies.map((id) => ({ id, _links: link(host, `/api/v4/companies/${id}`) })),
});
// The incoming lead model of GET /api/v4/leads/unsorted and /{uid}.
const model = (record, host) => ({
  ...Object.fromEntries(
    ['uid', 'source_uid', 'source_name', 'category', 'pipeline_id', 'created_at', 'metadata'].map(
      (key) => [key, record[key]],
    ),
  ),
  account_id: accountId,
  _links: link(host, `/api/v4/leads/unsorted/${record.uid}`),
  _embedded: embedded(record, host),
});

function addForms(text, host) {
  let items;
  try {
    items = JSON.parse(text);
  } catch (error) {
    return problem(400, `The request body is not JSON: ${error.message}`);
  }
  if (!Array.isArray(items) || items.length === 0 || items.length > 250) {
    return problem(400, 'The body must be a JSON array of 1 to 250 incoming leads');
  }
  const requestId = (item, i) => (typeof item?.request_id === 'string' ? item.request_id : `${i}`);
  const failed = items
    .map((item, i) => ({ request_id: requestId(item, i), errors: checkItem(item, `${i}`) }))
    .filter((each) => each.errors.length > 0);
  if (failed.length > 0) {
    return problem(400, 'Request validation failed', { 'validation-errors': failed });
  }
  const created = items.map((item, i) => {
    const { _embedded: given = {}, metadata = {} } = item;
    const record = {
      uid: randomBytes(30).toString('hex'),
      source_uid: item.source_uid,
      source_name: item.source_name,
      category: 'forms',
      pipeline_id: item.pipeline_id ?? mainPipeline,
      created_at: item.created_at ?? Math.floor(Date.now() / 1000),
      metadata,
      // The incoming lead is itself a lead in the pipeline's first, "incoming" stage.
      leads: (given.leads?.length ? given.leads : [{}]).map(() => nextLead++),
      names: (given.leads?.length ? given.leads : [{}]).map((lead) => lead.name ?? ''),
      accepted: false,
      contacts: (given.contacts ?? []).map(() => nextContact++),
      companies: (given.companies ?? []).map(() => nextCompany++),
      request_id: requestId(item, i),
      declined: false,
      sent: item,
    };
    unsorted.set(record.uid, record);
    const { uid, request_id } = record;
    return { uid, account_id: accountId, request_id, _embedded: embedded(record, host) };
  });
  return [200, { _total_items: created.length, _embedded: { unsorted: created } }];
}

// unsorted-api: page, limit (at most 250), filter[uid], filter[category], filter[pipeline_id],
// order[created_at]. Nothing filters by source_uid or metadata; other filters are ignored.
function listUnsorted(url, host) {
  const query = bracketQuery(url.searchParams);
  const matches = matcher(query);
  const found = [...unsorted.values()].filter(
    (each) =>
      !each.declined &&
      !each.accepted &&
      matches('uid', each.uid) &&
      matches('category', each.category) &&
      matches('pipeline_id', each.pipeline_id),
  );
  if (isObject(query.order) && query.order.created_at === 'desc') found.reverse();
  const href = `${host}/api/v4/leads/unsorted`;
  return pageOf(url, href, 'unsorted', found, (record) => model(record, host));
}

// developers.kommo.com/reference/declining-incoming-leads: DELETE, optional {user_id}. The only
// way API v4 takes an incoming lead away; there is no DELETE for leads themselves.
function decline(record, text, host) {
  const [, refused] = decision(text, ['user_id']);
  if (refused) return refused;
  record.declined = true;
  const { uid, category, pipeline_id, created_at } = record;
  const _links = link(host, `/api/v4/leads/unsorted/${uid}`);
  const _embedded = embedded(record, host);
  return [
    200,
    { uid, account_id: accountId, category, pipeline_id, created_at, _embedded, _links },
  ];
}

function route(method, url, text, host) {
  const base = '/api/v4/leads/unsorted';
  const path = url.pathname.replace(/\/$/, '');
  const [, uid, action] = path.match(/^\/api\/v4\/leads\/unsorted\/([^/]+)(?:\/([^/]+))?$/) ?? [];
  // runs: {METHOD: run}; any other method is a 405.
  const allow = (runs) => runs[method]?.() ?? problem(405, `Use ${Object.keys(runs).join(' or ')}`);
  if (path === base) return allow({ GET: () => listUnsorted(url, host) });
  if (uid === 'forms' && !action) return allow({ POST: () => addForms(text, host) });
  if (path === '/api/v4/leads')
    return allow({ GET: () => listLeads(url, host, [...unsorted.values()], accountId) });
  const record = unsorted.get(uid);
  // Accepted or declined, it is no longer an incoming lead.
  const live = record && !record.declined && !record.accepted;
  const gone = problem(404, 'Incoming lead not found');
  if (uid && !action) return allow({ GET: () => (live ? [200, model(record, host)] : [204]) });
  if (uid && action === 'decline') {
    return allow({ DELETE: () => (live ? decline(record, text, host) : gone) });
  }
  if (uid && action === 'accept') {
    const answer = () =>
      accept(record, text) ?? [200, { ...model(record, host), status_id: record.status_id }];
    return allow({ POST: () => (live ? answer() : gone) });
  }
  if (path === '/api/v4/leads/notes') {
    return allow({ GET: () => notes.list(url, host), POST: () => notes.add(text, host) });
  }
  const lead = Number(/^\/api\/v4\/leads\/(\d+)\/notes$/.exec(path)?.[1]);
  if (lead) {
    // No page says what an unknown lead's notes are; the fake says 404.
    const known = (run) => () => (isLead(lead) ? run() : problem(404, 'Lead not found'));
    return allow({
      GET: known(() => notes.list(url, host, lead)),
      POST: known(() => notes.add(text, host, lead)),
    });
  }
  return problem(404, 'Not Found');
}

function answer(request, url, text, host) {
  const now = Date.now();
  recent = recent.filter((at) => now - at < 1000);
  // A sliding one-second window of the calls let through.
  if (rate > 0 && recent.length >= rate) return problem(429, 'Too Many Requests');
  recent.push(now);
  // developers.kommo.com/docs/long-lived-token: Authorization: Bearer <token>.
  const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (revoked || given !== token) return problem(401, 'Invalid user name or password');
  return route(request.method, url, text, host);
}

function send(response, status, body) {
  if (body === undefined) return reply(response, status);
  const type = status >= 400 ? 'application/problem+json' : 'application/hal+json';
  if (typeof body !== 'string') return json(response, status, body, type);
  return reply(response, status, body, { 'content-type': 'text/plain' });
}

async function handle(request, response) {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname.startsWith('/_control/')) {
    return control(url.pathname.slice('/_control/'.length), request, response, controls);
  }
  let text;
  try {
    text = (await readBody(request)).toString('utf8');
  } catch (error) {
    return send(response, ...problem(413, error.message));
  }
  const { authorization = null, 'content-type': type = null } = request.headers;
  const headers = { authorization, 'content-type': type };
  const call = calls.add({ method: request.method, path: request.url, headers, body: text });
  const entry = script.take(
    (each) =>
      (each.path === undefined || each.path === url.pathname) &&
      (each.method === undefined || each.method.toUpperCase() === request.method),
  );
  const host = `http://${request.headers.host ?? '127.0.0.1'}`;
  let result;
  if (entry?.status !== undefined) {
    // A scripted failure: the call is not performed.
    const fallback = problem(entry.status, STATUS_CODES[entry.status])[1];
    result = [entry.status, entry.status === 204 ? undefined : (entry.body ?? fallback)];
  } else {
    result = answer(request, url, text, host);
  }
  await finish(response, call, entry, result[0], () => send(response, ...result));
}

const controls = {
  leads: [
    'GET',
    () =>
      [...unsorted.values()].map(
        ({ uid, request_id, declined, accepted, leads, contacts, sent }) => ({
          uid,
          request_id,
          declined,
          accepted,
          lead_ids: leads,
          contact_ids: contacts,
          sent,
          notes: notes.of(leads),
        }),
      ),
  ],
  calls: ['GET', () => calls.list],
  script: [
    'POST',
    ({ responses }) => {
      if (!Array.isArray(responses)) return 'responses must be a list';
      const keys = { strings: ['path', 'method'], others: ['body'] };
      const error = responses.map((each, i) => scriptEntryError(each, `responses[${i}]`, keys));
      return error.find(Boolean) ?? void script.set(responses);
    },
  ],
  // A manager accepted the incoming lead with this source_uid (the server's lead id).
  accept: [
    'POST',
    ({ source_uid }) => {
      const record = [...unsorted.values()].find((each) => each.source_uid === source_uid);
      if (!record || record.declined || record.accepted) return `no incoming lead ${source_uid}`;
      return void accept(record, '');
    },
  ],
  // The token was revoked (or the integration deleted): every call is 401 from now on.
  revoke: ['POST', () => void (revoked = true)],
  rate: [
    'POST',
    ({ perSecond }) =>
      Number.isInteger(perSecond) && perSecond >= 0
        ? void ((rate = perSecond), (recent = []))
        : 'perSecond must be an integer >= 0 (0: no limit)',
  ],
  reset: [
    'POST',
    () => {
      [unsorted, revoked, rate, recent] = [new Map(), false, defaultRate, []];
      [nextLead, nextContact, nextCompany] = [10000001, 20000001, 30000001];
      calls.reset();
      notes.reset();
      script.set([]);
    },
  ],
};

serve(name, opts.port, handle);
