// Replacing every replica under steady traffic through the front: no visitor sees an error and
// no acknowledged lead is lost. One replica is replaced in place (--reuse-port: the new process
// listens before the old one drains), the other is stopped and started again while Caddy sends
// its traffic to the one that is up.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { leadBody, leadHeaders, request } from './support/https.mjs';
import {
  Caddy,
  Replica,
  freePort,
  runServerCommand,
  sleep,
  tempDir,
} from './support/processes.mjs';

const dir = tempDir('rolling');
const replicaArgs = [
  '--trust-proxy',
  '127.0.0.1/32',
  '--host',
  '*',
  '--rate-limit-burst',
  '100000',
  '--drain-delay-ms',
  '1000',
];
let ports;
let caddy;

before(async () => {
  ports = [await freePort(), await freePort()];
  caddy = new Caddy({ upstreams: ports.map((p) => `127.0.0.1:${p}`), dir: dir.path });
  // Replica A is the one replaced in place, so it shares its port from the start.
  const first = ports.map(
    (port, i) =>
      new Replica({
        port,
        db: path.join(dir.path, `r${i}.db`),
        args: i === 0 ? [...replicaArgs, '--reuse-port'] : replicaArgs,
      }),
  );
  await Promise.all(first.map((r) => r.start()));
  caddy.replicas = first;
  await caddy.start();
});

after(async () => {
  await caddy?.stop();
  await Promise.all((caddy?.replicas ?? []).map((r) => r.stop()));
  dir.remove();
});

/** Visitors: each loops over a page, an asset-sized page and a lead until stopped. */
function load(origin, ca, visitors) {
  const agent = new https.Agent({ keepAlive: true, ca, maxSockets: visitors });
  const outcome = { requests: 0, failures: [], acknowledged: [] };
  let running = true;
  let n = 0;
  const visitor = async (v) => {
    while (running) {
      const name = `Rolling ${v}-${n++}`;
      const steps = [
        () => request(`${origin}/en`, { agent, headers: { 'accept-encoding': 'br' } }),
        () => request(`${origin}/ru`, { agent }),
        () =>
          request(`${origin}/api/contact`, {
            agent,
            method: 'POST',
            headers: leadHeaders,
            body: leadBody(name),
          }),
      ];
      for (const [i, step] of steps.entries()) {
        try {
          const res = await step();
          outcome.requests += 1;
          if (i === 2 && res.status === 202) outcome.acknowledged.push(name);
          else if (res.status !== 200)
            outcome.failures.push(
              `${res.status} on step ${i}: ${res.body.toString().slice(0, 120)}`,
            );
        } catch (e) {
          outcome.requests += 1;
          outcome.failures.push(`step ${i}: ${e.message}`);
        }
      }
    }
  };
  const all = Promise.all(Array.from({ length: visitors }, (_, v) => visitor(v)));
  return {
    outcome,
    stop: async () => {
      running = false;
      await all;
      agent.destroy();
    },
  };
}

test('a rolling restart of both replicas under load fails no request and loses no lead', async () => {
  const ca = readFileSync(caddy.caRoot);
  const traffic = load(caddy.origin, ca, 6);
  await sleep(1500);
  const [a, b] = caddy.replicas;

  // A: in place. The new process shares the port, then the old one is told to go.
  const a2 = new Replica({ port: ports[0], db: a.db, args: [...replicaArgs, '--reuse-port'] });
  await a2.start();
  const aStopped = await a.stop();
  assert.equal(aStopped.code, 0, a.output);
  await sleep(1500);

  // B: stopped, then started again; Caddy's health check and retries carry its traffic to A.
  const bStopped = await b.stop();
  assert.equal(bStopped.code, 0, b.output);
  const b2 = new Replica({ port: ports[1], db: b.db, args: replicaArgs });
  await b2.start();
  caddy.replicas = [a2, b2];
  await sleep(1500);

  await traffic.stop();
  const { outcome } = traffic;
  const caddyErrors = caddy.output.split('\n').filter((l) => /"level":"error"/.test(l));
  assert.deepEqual(
    outcome.failures,
    [],
    `${outcome.failures.length} of ${outcome.requests} requests failed; Caddy said:\n` +
      caddy.output
        .split('\n')
        .filter((line) => /"level":"(error|warn)"|health|roundtrip|fail|down/i.test(line))
        .slice(-60)
        .join('\n'),
  );
  assert.ok(
    outcome.acknowledged.length > 20,
    `only ${outcome.acknowledged.length} leads went through`,
  );

  const stored = new Set();
  for (const db of [a.db, b.db]) {
    const listed = runServerCommand(['--db', db, 'leads', 'list']);
    assert.equal(listed.status, 0, listed.stderr);
    for (const line of listed.stdout.split('\n').slice(1)) {
      const name = line.split('\t')[4];
      if (name) stored.add(name);
    }
  }
  const lost = outcome.acknowledged.filter((name) => !stored.has(name));
  assert.deepEqual(lost, [], `${lost.length} acknowledged leads are missing`);
});

test('the first answer of a freshly started replica is already compressed', async () => {
  const fresh = new Replica({
    port: await freePort(),
    db: path.join(dir.path, 'fresh.db'),
    args: replicaArgs,
  });
  await fresh.start();
  try {
    const res = await request(`${fresh.url}/en`, { headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(res.body.toString('latin1'));
    if (script) {
      const js = await request(`${fresh.url}${script[1]}`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      assert.equal(js.headers['content-encoding'], 'gzip');
    }
    assert.match(fresh.output, /"event":"listening"[^\n]*"precompressed":[1-9]/);
  } finally {
    await fresh.stop();
  }
});
