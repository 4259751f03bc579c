// A fake CRM webhook receiver for the server's C++ tests, the e2e journeys and the bench. Each
// delivery is checked with the official `standardwebhooks` library, the way a real CRM would
// check it, so a test trusts the library and not our own reading of the spec. See README.md.
//
//   node webhook-receiver.mjs --secret-file PATH [--port 0] [--state-file PATH]
//
// Prints {"port":N} on stdout once listening on 127.0.0.1, then runs until SIGTERM/SIGINT.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, validateHeaderName, validateHeaderValue } from 'node:http';
import { parseArgs } from 'node:util';
import { Webhook } from 'standardwebhooks';

function usage(message) {
  process.stderr.write(`webhook-receiver: ${message}\n`);
  process.exit(2);
}

let options;
try {
  options = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      'secret-file': { type: 'string' },
      'state-file': { type: 'string' },
    },
  }).values;
} catch (error) {
  usage(error.message);
}
const port = Number(options.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) usage('--port must be 0 to 65535');
if (!options['secret-file']) usage('--secret-file is required');
let secret = readFileSync(options['secret-file'], 'utf8').trim();
// A secret the library cannot decode would mark every delivery unverified; better to stop here.
try {
  new Webhook(secret);
} catch (error) {
  usage(`the secret in ${options['secret-file']}: ${error.message}`);
}

const bodyLimit = 1024 * 1024;
const fallback = { status: 204 };
let deliveries = [];
let script = { responses: [], then: fallback };
let seq = 0;

// The state file mirrors GET /_control/deliveries for a test that would rather read a file;
// written whole and renamed, so a reader never sees half of it.
function saveState() {
  const file = options['state-file'];
  if (!file) return;
  writeFileSync(`${file}.tmp`, JSON.stringify(deliveries));
  renameSync(`${file}.tmp`, file);
}

// Resolves with the whole body, or rejects when it is over the cap or the client left early.
function readBody(request) {
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

function reply(response, status, body = '', headers = {}) {
  // The sender may have been killed while a delayed answer waited; Node ignores the write then.
  if (response.destroyed) return;
  response.writeHead(status, headers);
  response.end(body);
}

function json(response, status, value) {
  reply(response, status, JSON.stringify(value), { 'content-type': 'application/json' });
}

// The script is checked when set, so a typo fails the test that set it, not a delivery later.
function scriptError(value, where) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return `${where} must be an object`;
  }
  if (!Number.isInteger(value.status) || value.status < 200 || value.status > 599) {
    return `${where}.status must be an integer from 200 to 599`;
  }
  if (value.delayMs !== undefined && !(Number.isFinite(value.delayMs) && value.delayMs >= 0)) {
    return `${where}.delayMs must be a number of milliseconds >= 0`;
  }
  if (value.body !== undefined && typeof value.body !== 'string') {
    return `${where}.body must be a string`;
  }
  if (value.headers === undefined) return null;
  if (value.headers === null || typeof value.headers !== 'object') {
    return `${where}.headers must be an object`;
  }
  for (const [name, text] of Object.entries(value.headers)) {
    try {
      validateHeaderName(name);
      validateHeaderValue(name, typeof text === 'number' ? String(text) : text);
    } catch {
      return `${where}.headers: ${JSON.stringify(name)} is not a valid header`;
    }
  }
  return null;
}

async function control(name, request, response) {
  const methods = { deliveries: 'GET', script: 'POST', reset: 'POST', secret: 'POST' };
  if (!methods[name]) return json(response, 404, { error: `no control /_control/${name}` });
  if (request.method !== methods[name]) {
    return json(response, 405, { error: `/_control/${name} takes ${methods[name]}` });
  }
  if (name === 'deliveries') return json(response, 200, deliveries);
  let input;
  try {
    const text = (await readBody(request)).toString('utf8');
    input = text.trim() ? JSON.parse(text) : {};
  } catch (error) {
    return json(response, 400, { error: `the body is not JSON: ${error.message}` });
  }
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return json(response, 400, { error: 'the body must be a JSON object' });
  }
  if (name === 'reset') {
    deliveries = [];
    script = { responses: [], then: fallback };
    saveState();
    return json(response, 200, {});
  }
  if (name === 'secret') {
    if (typeof input.secret !== 'string' || !input.secret.startsWith('whsec_')) {
      return json(response, 400, { error: 'secret must be a string starting with whsec_' });
    }
    try {
      new Webhook(input.secret);
    } catch (error) {
      return json(response, 400, { error: `secret: ${error.message}` });
    }
    secret = input.secret;
    return json(response, 200, {});
  }
  const responses = input.responses ?? [];
  const then = input.then ?? fallback;
  if (!Array.isArray(responses)) return json(response, 400, { error: 'responses must be a list' });
  const error =
    responses.map((each, i) => scriptError(each, `responses[${i}]`)).find(Boolean) ??
    scriptError(then, 'then');
  if (error) return json(response, 400, { error });
  script = { responses: [...responses], then };
  return json(response, 200, {});
}

async function deliver(request, response) {
  const at = Date.now();
  let body = Buffer.alloc(0);
  let error = null;
  let answer;
  try {
    body = await readBody(request);
  } catch (caught) {
    // Too large, or the sender left: recorded all the same, without taking a scripted answer.
    error = caught.message;
    answer = { status: 413 };
  }
  if (!answer) {
    answer = script.responses.length > 0 ? script.responses.shift() : script.then;
    try {
      // The library's own verify, defaults included: 5 min tolerance, and a body that is not
      // JSON fails even when signed, as it would at a CRM that uses the library.
      new Webhook(secret).verify(body, request.headers);
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
  }
  const header = (name) => request.headers[name] ?? null;
  // Recorded on arrival, before any delay, so a test can kill the sender while it waits.
  deliveries.push({
    seq: ++seq,
    at,
    method: request.method,
    path: request.url,
    headers: {
      'webhook-id': header('webhook-id'),
      'webhook-timestamp': header('webhook-timestamp'),
      'webhook-signature': header('webhook-signature'),
      'content-type': header('content-type'),
      'user-agent': header('user-agent'),
    },
    body: body.toString('utf8'),
    verified: error === null,
    error,
    answered: answer.status,
  });
  saveState();
  if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
  reply(response, answer.status, answer.body ?? '', answer.headers ?? {});
}

const server = createServer((request, response) => {
  const path = (request.url ?? '/').split('?')[0];
  const handled = path.startsWith('/_control/')
    ? control(path.slice('/_control/'.length), request, response)
    : deliver(request, response);
  handled.catch((error) => json(response, 500, { error: String(error) }));
});
// A sender killed mid-request must not take the receiver with it.
server.on('clientError', (_error, socket) => socket.destroy());
server.listen(port, '127.0.0.1', () => {
  saveState();
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
// Exit at once: server.close() would wait for keep-alive connections and delayed answers.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => process.exit(0));
