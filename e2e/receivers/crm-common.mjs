// What the fake CRMs (bitrix24.mjs, amocrm.mjs) share: options, request bodies, replies, the
// log of calls, the script of answers and the server itself, so that each fake holds only what
// its CRM's documentation says. Plain node:http, no dependencies. See README.md.
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const bodyLimit = 1024 * 1024;

export function usage(name, message) {
  process.stderr.write(`${name}: ${message}\n`);
  process.exit(2);
}

// parseArgs plus the --port every fake takes; a bad option is a message and exit 2.
export function options(name, spec) {
  let values;
  try {
    values = parseArgs({ options: { port: { type: 'string', default: '0' }, ...spec } }).values;
  } catch (error) {
    usage(name, error.message);
  }
  const port = Number(values.port);
  if (!/^\d{1,5}$/.test(values.port) || port > 65535) usage(name, '--port must be 0 to 65535');
  return { ...values, port };
}

export const isObject = (value) =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Resolves with the whole body, or rejects when it is over 1 MB or the client left early.
export function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size > bodyLimit) reject(new Error('body over 1 MB'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('close', () => request.complete || reject(new Error('the client left mid-body')));
  });
}

export function reply(response, status, body = '', headers = {}) {
  // The client may have gone while a delayed answer waited; then there is no one to answer.
  if (response.destroyed || response.headersSent) return;
  response.writeHead(status, headers);
  response.end(body);
}

export function json(response, status, value, type = 'application/json') {
  reply(response, status, JSON.stringify(value), { 'content-type': type });
}

// PHP-style keys, the way both CRMs read a query string or a form body:
// a[b]=1&a[c][]=2&a[c][]=3 → {a: {b: '1', c: ['2', '3']}}. Keys 0..n-1 make a list.
export function bracketQuery(params) {
  const root = Object.create(null);
  for (const [key, value] of params) {
    const [head, ...rest] = key.split('[');
    const path = [head, ...rest.map((part) => part.replace(/\]$/, ''))];
    let node = root;
    path.forEach((part, i) => {
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (i === path.length - 1) node[name] = value;
      else node = node[name] = typeof node[name] === 'object' ? node[name] : Object.create(null);
    });
  }
  return listify(root);
}

function listify(value) {
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.keys(value).map((key) => [key, listify(value[key])]);
  return entries.length > 0 && entries.every(([key], i) => key === String(i))
    ? entries.map(([, each]) => each)
    : Object.fromEntries(entries);
}

// Every call in order. A record is made on arrival, before any delay, so a test can see a call
// that is still waiting; `answered` is the status sent, null while waiting or when the answer
// was lost (then `lost` is true).
export class Calls {
  #list = [];
  #seq = 0;
  add(record) {
    const full = { seq: ++this.#seq, at: Date.now(), ...record, answered: null, lost: false };
    this.#list.push(full);
    return full;
  }
  get list() {
    return this.#list;
  }
  reset() {
    this.#list = [];
    this.#seq = 0;
  }
}

// Scripted answers: each one is taken by the first call it matches, in the order given.
export class Script {
  #entries = [];
  set(entries) {
    this.#entries = [...entries];
  }
  take(matches) {
    const i = this.#entries.findIndex(matches);
    return i < 0 ? null : this.#entries.splice(i, 1)[0];
  }
}

// The checks every scripted answer shares: `strings` are the fake's own keys that take a string,
// `others` its keys of any value. The script is checked when set, so a typo fails the test that
// set it, not a call later.
export function scriptEntryError(value, where, { strings = [], others = [], lowest = 200 }) {
  if (!isObject(value)) return `${where} must be an object`;
  const known = ['status', 'delayMs', 'lose', ...strings, ...others];
  const unknown = Object.keys(value).find((key) => !known.includes(key));
  if (unknown) return `${where}.${unknown} is not a key of a scripted answer (${known.join(', ')})`;
  const { status, delayMs, lose } = value;
  if (status !== undefined && !(Number.isInteger(status) && status >= lowest && status <= 599)) {
    return `${where}.status must be an integer from ${lowest} to 599`;
  }
  if (delayMs !== undefined && !(Number.isFinite(delayMs) && delayMs >= 0)) {
    return `${where}.delayMs must be a number of milliseconds >= 0`;
  }
  if (lose !== undefined && typeof lose !== 'boolean') return `${where}.lose must be true or false`;
  const text = strings.find((key) => value[key] !== undefined && typeof value[key] !== 'string');
  if (text) return `${where}.${text} must be a string`;
  if (lose && status !== undefined) return `${where}: lose answers nothing, so it takes no status`;
  return null;
}

// Answers a call as its scripted entry says: after delayMs, or not at all when `lose` is set
// (the CRM did the work, then the connection broke before the answer got out).
export async function finish(response, call, entry, status, send) {
  if (!entry?.lose) call.answered = status;
  if (entry?.delayMs) await sleep(entry.delayMs);
  if (!entry?.lose) return send();
  call.lost = true;
  response.socket?.destroy();
}

// One /_control/<name> request. `table` maps a name to [HTTP method, run(input)]; run returns
// the value to send back (200), or a string saying what is wrong with the input (400).
export async function control(name, request, response, table) {
  const entry = table[name];
  if (!entry) return json(response, 404, { error: `no control /_control/${name}` });
  const [method, run] = entry;
  if (request.method !== method) {
    return json(response, 405, { error: `/_control/${name} takes ${method}` });
  }
  let input = {};
  if (method === 'POST') {
    try {
      const text = (await readBody(request)).toString('utf8');
      input = text.trim() ? JSON.parse(text) : {};
    } catch (error) {
      return json(response, 400, { error: `the body is not JSON: ${error.message}` });
    }
    if (!isObject(input)) return json(response, 400, { error: 'the body must be a JSON object' });
  }
  const result = run(input);
  if (typeof result === 'string') return json(response, 400, { error: result });
  return json(response, 200, result ?? {});
}

// Listens on 127.0.0.1 only, prints {"port":N} once listening and exits on SIGTERM/SIGINT.
export function serve(name, port, handle) {
  const server = createServer((request, response) => {
    handle(request, response).catch((error) => json(response, 500, { error: String(error) }));
  });
  // A client killed mid-request must not take the fake with it.
  server.on('clientError', (_error, socket) => socket.destroy());
  server.on('error', (error) => usage(name, error.message));
  server.listen(port, '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
  });
  // Exit at once: server.close() would wait for keep-alive connections and delayed answers.
  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => process.exit(0));
  return server;
}
