// A fake Bitrix24 portal seen through one inbound webhook, for the tests of the server's Bitrix24
// channel. It answers crm.lead.add, .list, .get and .delete the way the REST documentation
// (github.com/bitrix24/b24restdocs, cited below by path) says, errors included, and a test can
// script failures, delays and lost answers, or delete the webhook. See README.md.
//
//   node bitrix24.mjs [--port 0] [--user 1] [--code k3y5ecr3tc0de]
//
// The webhook URL is http://127.0.0.1:PORT/rest/<user>/<code>/. Prints {"port":N} on stdout
// once listening on 127.0.0.1, then runs until SIGTERM/SIGINT.
import { Calls, Script, bracketQuery, control, finish, isObject, json } from './crm-common.mjs';
import { options, readBody, scriptEntryError, serve, usage } from './crm-common.mjs';

const name = 'bitrix24';
const opts = options(name, {
  user: { type: 'string', default: '1' },
  code: { type: 'string', default: 'k3y5ecr3tc0de' },
});
if (!/^[1-9]\d*$/.test(opts.user)) usage(name, '--user must be a positive integer');
if (!/^[A-Za-z0-9]+$/.test(opts.code)) usage(name, '--code must be letters and digits');

// _includes/system-errors.md: the REST API's own errors, which any method may answer.
const systemErrors = Object.fromEntries(
  `500 INTERNAL_SERVER_ERROR Internal server error
  500 ERROR_UNEXPECTED_ANSWER Server returned an unexpected response
  503 QUERY_LIMIT_EXCEEDED Too many requests
  429 OPERATION_TIME_LIMIT Method is blocked due to operation time limit
  401 NO_AUTH_FOUND Wrong authorization data
  401 INVALID_REQUEST Https required
  401 OVERLOAD_LIMIT REST API is blocked due to overload
  401 ACCESS_DENIED REST is available only by subscription
  401 INVALID_CREDENTIALS Invalid request credentials
  404 ERROR_METHOD_NOT_FOUND Method not found!
  401 insufficient_scope The request requires higher privileges than provided by the webhook token
  401 expired_token The access token provided has expired
  401 user_access_error The user does not have access to the application
  403 PORTAL_DELETED Portal was deleted`
    .split('\n')
    .map((line) => line.trim().split(' '))
    .map(([status, code, ...text]) => [code, [Number(status), text.join(' ')]]),
);

// api-reference/crm/data-types.md, crm_multifield: the VALUE_TYPEs of each multifield. LINK's
// are not listed there, so any is taken.
const multifields = {
  PHONE: ['WORK', 'MOBILE', 'FAX', 'HOME', 'PAGER', 'MAILING', 'OTHER'],
  EMAIL: ['WORK', 'HOME', 'MAILING', 'OTHER'],
  WEB: ['WORK', 'HOME', 'FACEBOOK', 'TWITTER', 'OTHER'],
  IM: ['FACEBOOK', 'TELEGRAM', 'SKYPE', 'VIBER', 'INSTAGRAM', 'OTHER'],
  LINK: null,
};
// api-reference/crm/leads/crm-lead-add.md, "Parameter fields", besides the multifields and UF_….
const writable = new Set(
  `ADDRESS ADDRESS_2 ADDRESS_CITY ADDRESS_COUNTRY ADDRESS_COUNTRY_CODE ADDRESS_POSTAL_CODE
  ADDRESS_PROVINCE ADDRESS_REGION ASSIGNED_BY_ID BIRTHDATE COMMENTS COMPANY_ID COMPANY_TITLE
  CONTACT_ID CONTACT_IDS CURRENCY_ID HONORIFIC LAST_NAME NAME SECOND_NAME OPENED OPPORTUNITY
  IS_MANUAL_OPPORTUNITY ORIGINATOR_ID ORIGIN_ID POST SOURCE_DESCRIPTION SOURCE_ID
  STATUS_DESCRIPTION STATUS_ID TITLE UTM_CAMPAIGN UTM_CONTENT UTM_MEDIUM UTM_SOURCE UTM_TERM`.split(
    /\s+/,
  ),
);
// crm-lead-get.md, "Type lead": what a lead has besides what crm.lead.add writes.
const readOnly = new Set(
  `ID IS_RETURN_CUSTOMER HAS_PHONE HAS_EMAIL HAS_IMOL CREATED_BY_ID MODIFY_BY_ID MOVED_BY_ID
  DATE_CREATE DATE_MODIFY DATE_CLOSED STATUS_SEMANTIC_ID MOVED_TIME ADDRESS_LOC_ADDR_ID
  LAST_ACTIVITY_BY LAST_ACTIVITY_TIME`.split(/\s+/),
);
const isMulti = (key) => Object.hasOwn(multifields, key);
const isCustom = (key) => /^UF_\w+$/.test(key);
const known = (key) => writable.has(key) || readOnly.has(key) || isMulti(key) || isCustom(key);

let leads = new Map();
let nextId = 1;
let nextValueId = 1;
let revoked = false;
let crmScope = true;
const calls = new Calls();
const script = new Script();

const stamp = (ms) => new Date(ms).toISOString().replace(/\.\d+Z$/, '+00:00');
// data-types.md#time, as every answer of crm-lead-*.md shows it.
function time(started) {
  const [start, finish] = [started / 1000, Date.now() / 1000];
  const head = { start, finish, duration: finish - start, processing: finish - start };
  const dates = { date_start: stamp(started), date_finish: stamp(Date.now()) };
  return { ...head, ...dates, operating_reset_at: Math.floor(start) + 600, operating: 0 };
}
const fail = (code) => {
  const [status, description] = systemErrors[code];
  return [status, { error: code, error_description: description }];
};
// A method's own error: an empty code and a description (error-codes.md; "Not found" is a 400).
const bad = (description) => [400, { error: '', error_description: description }];

function multifieldError(key, value) {
  if (!Array.isArray(value)) return `${key} must be a list of {VALUE, VALUE_TYPE}`;
  for (const [i, each] of value.entries()) {
    const keys = isObject(each) ? Object.keys(each) : ['?'];
    if (keys.some((k) => k !== 'VALUE' && k !== 'VALUE_TYPE')) {
      return `${key}[${i}] must be {VALUE, VALUE_TYPE}`;
    }
    if (typeof each.VALUE !== 'string' || !each.VALUE.trim()) {
      return `${key}[${i}].VALUE must be a non-empty string`;
    }
    const types = multifields[key];
    if (types ? !types.includes(each.VALUE_TYPE) : typeof each.VALUE_TYPE !== 'string') {
      return `${key}[${i}].VALUE_TYPE must be one of ${(types ?? ['a string']).join(', ')}`;
    }
  }
  return null;
}

// crm-lead-add.md: {fields: {...}, params: {REGISTER_SONET_EVENT: 'Y'}} → the new ID.
function add({ fields, params }, started) {
  if (!isObject(fields)) return bad("Parameter 'fields' must be array");
  if (params !== undefined && !isObject(params)) return bad("Parameter 'params' must be array");
  for (const [key, value] of Object.entries(params ?? {})) {
    if (key !== 'REGISTER_SONET_EVENT') return bad(`Unknown option '${key}' in params`);
    if (value !== 'Y' && value !== 'N') return bad('REGISTER_SONET_EVENT must be Y or N');
  }
  const lead = { ID: String(nextId) };
  for (const [key, value] of Object.entries(fields)) {
    if (isMulti(key)) {
      const error = multifieldError(key, value);
      if (error) return bad(error);
      lead[key] = value.map((each) => ({ ID: String(nextValueId++), TYPE_ID: key, ...each }));
    } else if (writable.has(key) || isCustom(key)) {
      const list = key === 'CONTACT_IDS' && Array.isArray(value);
      if (typeof value === 'object' && value !== null && !list) {
        return bad(`Field '${key}' must be a string or a number`);
      }
      lead[key] = list ? value.map(String) : value === null ? null : String(value);
    } else {
      // Stricter than a portal, which ignores such a key: a typo would lose the value quietly.
      return bad(`Unknown field '${key}': crm.lead.add documents no such field`);
    }
  }
  lead.DATE_CREATE = stamp(started);
  lead.CREATED_BY_ID = opts.user;
  leads.set(nextId, lead);
  return [200, { result: nextId++, time: time(started) }];
}

// crm-lead-list.md: exact-match filter (with or without '='), select, order by ID, start.
function list({ filter = {}, select, order = {}, start = 0 }, started) {
  if (!isObject(filter)) return bad("Parameter 'filter' must be array");
  if (!Array.isArray(select ?? [])) return bad("Parameter 'select' must be array");
  if (!isObject(order)) return bad("Parameter 'order' must be array");
  const offset = Number(start);
  if (!Number.isInteger(offset) || offset < 0) return bad('start must be an integer >= 0');
  const tests = [];
  for (const [raw, value] of Object.entries(filter)) {
    const key = raw.startsWith('=') ? raw.slice(1) : raw;
    if (!/^[A-Z]/.test(key)) return bad(`The fake takes exact-match filters only, not '${raw}'`);
    if (!known(key)) return bad(`Unknown field '${key}' in filter`);
    const wanted = (Array.isArray(value) ? value : [value]).map(String);
    tests.push((lead) =>
      isMulti(key)
        ? (lead[key] ?? []).some((each) => wanted.includes(each.VALUE))
        : lead[key] != null && wanted.includes(String(lead[key])),
    );
  }
  const keys = Object.keys(order);
  const direction = String(order.ID ?? 'ASC').toUpperCase();
  if (keys.some((key) => key !== 'ID') || !['ASC', 'DESC'].includes(direction)) {
    return bad('The fake orders by ID only, ASC or DESC');
  }
  const found = [...leads.values()].filter((lead) => tests.every((test) => test(lead)));
  if (direction === 'DESC') found.reverse();
  // ID always; '*' the standard fields, 'UF_*' the custom ones, multifields only by name.
  const names = new Set(select ?? ['*']);
  const mask = (key) => (isCustom(key) ? 'UF_*' : isMulti(key) ? key : '*');
  const wanted = ([key]) => key === 'ID' || names.has(key) || names.has(mask(key));
  const pick = (lead) => Object.fromEntries(Object.entries(lead).filter(wanted));
  const result = found.slice(offset, offset + 50).map(pick);
  const next = offset + 50 < found.length ? { next: offset + 50 } : {};
  return [200, { result, ...next, total: found.length, time: time(started) }];
}

// crm-lead-get.md and crm-lead-delete.md take {id} (their curl examples write ID).
function leadId(params) {
  const raw = params.id ?? params.ID;
  const ok =
    (Number.isInteger(raw) && raw > 0) || (typeof raw === 'string' && /^[1-9]\d*$/.test(raw));
  if (!ok) return bad('ID is not defined or invalid.');
  return leads.has(Number(raw)) ? Number(raw) : bad('Not found');
}
const methods = {
  'crm.lead.add': add,
  'crm.lead.list': list,
  'crm.lead.get': (params, started) => {
    const id = leadId(params);
    return Array.isArray(id) ? id : [200, { result: leads.get(id), time: time(started) }];
  },
  'crm.lead.delete': (params, started) => {
    const id = leadId(params);
    if (Array.isArray(id)) return id;
    leads.delete(id);
    return [200, { result: true, time: time(started) }];
  },
};

// The parameters of a call: the query string, then a JSON or form body on top.
function parameters(request, url, text) {
  const query = bracketQuery(url.searchParams);
  if (!text.trim()) return query;
  if (/x-www-form-urlencoded/i.test(request.headers['content-type'] ?? '')) {
    return { ...query, ...bracketQuery(new URLSearchParams(text)) };
  }
  const body = JSON.parse(text);
  if (!isObject(body)) throw new Error('the body must be a JSON object');
  return { ...query, ...body };
}

// local-integrations/local-webhooks.md: /rest/<user>/<code>/<method>[.json].
function run(request, url, text, started) {
  const match = /^\/rest\/(?:(\d+)\/([^/]+)\/)?([^/]*)$/.exec(url.pathname);
  if (!match) return fail('ERROR_METHOD_NOT_FOUND');
  const [, user, code, called] = match;
  if (user === undefined) return fail('NO_AUTH_FOUND');
  if (revoked || user !== opts.user || code !== opts.code) return fail('INVALID_CREDENTIALS');
  const method = methods[called.replace(/\.json$/, '').toLowerCase()];
  if (!method) return fail('ERROR_METHOD_NOT_FOUND');
  if (!crmScope) return fail('insufficient_scope');
  let params;
  try {
    params = parameters(request, url, text);
  } catch (error) {
    return bad(`The request body is not JSON: ${error.message}`);
  }
  return method(params, started);
}

function scriptError(value, where) {
  const keys = { strings: ['method', 'error', 'description'], lowest: 400 };
  const error = scriptEntryError(value, where, keys);
  if (error) return error;
  if (value.error === undefined || value.status !== undefined) return null;
  if (value.lose) return `${where}: lose answers nothing, so it takes no error`;
  if (Object.hasOwn(systemErrors, value.error)) return null;
  return `${where}.error ${value.error} is not a documented system error: give a status`;
}

async function handle(request, response) {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname.startsWith('/_control/')) {
    return control(url.pathname.slice('/_control/'.length), request, response, controls);
  }
  const started = Date.now();
  let text;
  try {
    text = (await readBody(request)).toString('utf8');
  } catch (error) {
    return json(response, 413, { error: '', error_description: error.message });
  }
  const method = (/([^/]*?)(?:\.json)?$/.exec(url.pathname)?.[1] ?? '').toLowerCase();
  const type = request.headers['content-type'] ?? null;
  const call = calls.add({ method, http: request.method, path: request.url, type, body: text });
  const entry = script.take((each) => (each.method ?? method).toLowerCase() === method);
  let answer;
  if (entry && (entry.error !== undefined || entry.status !== undefined)) {
    // A scripted failure: the call is not performed.
    const [status, description] = systemErrors[entry.error] ?? [400, ''];
    const body = { error: entry.error ?? '', error_description: entry.description ?? description };
    answer = [entry.status ?? status, body];
  } else {
    answer = run(request, url, text, started);
  }
  await finish(response, call, entry, answer[0], () => json(response, ...answer));
}

const controls = {
  leads: ['GET', () => [...leads.values()]],
  calls: ['GET', () => calls.list],
  script: [
    'POST',
    ({ responses }) => {
      if (!Array.isArray(responses)) return 'responses must be a list';
      const error = responses.map((each, i) => scriptError(each, `responses[${i}]`)).find(Boolean);
      return error ?? void script.set(responses);
    },
  ],
  // The webhook was deleted: every call is INVALID_CREDENTIALS from now on.
  revoke: ['POST', () => void (revoked = true)],
  scope: [
    'POST',
    ({ crm }) => (typeof crm === 'boolean' ? void (crmScope = crm) : 'crm must be true or false'),
  ],
  reset: [
    'POST',
    () => {
      [leads, nextId, nextValueId, revoked, crmScope] = [new Map(), 1, 1, false, true];
      calls.reset();
      script.set([]);
    },
  ],
};

serve(name, opts.port, handle);
