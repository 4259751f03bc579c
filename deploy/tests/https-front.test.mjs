// Caddy from deploy/Caddyfile in front of two replicas, as docs/deploy.md sets them up.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { h2request, leadBody, leadHeaders, request } from './support/https.mjs';
import {
  Caddy,
  FakeTelegram,
  Replica,
  freePort,
  runServerCommand,
  tempDir,
} from './support/processes.mjs';

const dir = tempDir('front');
const telegram = new FakeTelegram();
let replicas;
let caddy;
let ca;

before(async () => {
  await telegram.start();
  const ports = [await freePort(), await freePort()];
  caddy = new Caddy({ upstreams: ports.map((p) => `127.0.0.1:${p}`), dir: dir.path });
  replicas = ports.map(
    (port, i) =>
      new Replica({
        port,
        db: path.join(dir.path, `replica-${i}.db`),
        env: telegram.env,
        args: [
          '--trust-proxy',
          '127.0.0.1/32',
          '--hsts',
          '--host',
          '*',
          '--rate-limit-burst',
          '1000',
        ],
      }),
  );
  await Promise.all(replicas.map((r) => r.start()));
  await caddy.start();
  ca = readFileSync(caddy.caRoot);
});

after(async () => {
  await caddy?.stop();
  await Promise.all((replicas ?? []).map((r) => r.stop()));
  await telegram.stop();
  dir.remove();
});

// Every encoding the replicas make, on a page and on the largest script: Caddy passes the bytes
// and the strong ETag through as they are.
for (const encoding of ['br', 'gzip']) {
  test(`a ${encoding} answer arrives over HTTPS with HTTP/2, bytes and ETag untouched`, async () => {
    const page = await request(`${replicas[0].url}/en`);
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body.toString())[1];
    for (const pathname of ['/en', script]) {
      const front = await h2request(caddy.origin, pathname, {
        ca,
        headers: { 'accept-encoding': encoding },
      });
      assert.equal(front.alpn, 'h2');
      assert.equal(front.status, 200);
      assert.equal(front.headers['content-encoding'], encoding, pathname);
      const direct = await request(`${replicas[0].url}${pathname}`, {
        headers: { 'accept-encoding': encoding },
      });
      assert.equal(front.headers.etag, direct.headers.etag, `${pathname}: the ETag changed`);
      assert.ok(!front.headers.etag.startsWith('W/'), `${pathname}: the ETag was weakened`);
      assert.ok(front.body.equals(direct.body), `${pathname}: the bytes changed`);
    }
  });
}

test('HSTS asks for two years, subdomains and preload', async () => {
  const res = await caddy.get('/en');
  assert.equal(
    res.headers['strict-transport-security'],
    'max-age=63072000; includeSubDomains; preload',
  );
});

test('plain HTTP is redirected to HTTPS', async () => {
  const res = await request(`http://localhost:${caddy.httpPort}/en?x=1`);
  assert.equal(res.status, 308);
  assert.equal(res.headers.location, `https://localhost:${caddy.httpsPort}/en?x=1`);
});

function clientOf(replicaDbs, id) {
  for (const db of replicaDbs) {
    const shown = runServerCommand(['--db', db, 'leads', 'show', id]);
    if (shown.status === 0) return /^client: (.*)$/m.exec(shown.stdout)[1];
  }
  throw new Error(`lead ${id} is in no replica's database`);
}

test('the stored client is the address Caddy saw; a forged X-Forwarded-For is ignored on every path', async () => {
  const dbs = replicas.map((r) => r.db);
  const forged = { 'x-forwarded-for': '203.0.113.9' };
  // From 127.0.0.2 through Caddy: Caddy drops the client's header and sends its own.
  const viaFront = await request(`${caddy.origin}/api/contact`, {
    method: 'POST',
    headers: { ...leadHeaders, ...forged },
    body: leadBody('Via the front'),
    ca,
    localAddress: '127.0.0.2',
  });
  assert.equal(viaFront.status, 202, viaFront.body.toString());
  assert.equal(clientOf(dbs, JSON.parse(viaFront.body).id), '127.0.0.2');
  // Straight to a replica from outside the trusted range: the header is not believed.
  const direct = await request(`${replicas[1].url}/api/contact`, {
    method: 'POST',
    headers: { ...leadHeaders, ...forged },
    body: leadBody('Around the front'),
    localAddress: '127.0.0.3',
  });
  assert.equal(direct.status, 202, direct.body.toString());
  assert.equal(clientOf(dbs, JSON.parse(direct.body).id), '127.0.0.3');
});

test("the operator's views stay on this machine: no metrics through the front, /healthz says only ready", async () => {
  const metrics = await caddy.get('/metrics');
  assert.equal(metrics.status, 404);
  assert.ok(!metrics.body.toString().includes('landing_'), metrics.body.toString());
  const health = await caddy.get('/healthz');
  assert.equal(health.status, 200);
  assert.deepEqual(JSON.parse(health.body), { status: 'ok' });
  // Straight to a replica on this machine, the operator sees everything.
  const direct = await request(`${replicas[0].url}/healthz`);
  assert.equal(direct.status, 200);
  const detail = JSON.parse(direct.body);
  for (const key of ['database', 'channels', 'outbox_depth', 'leader']) {
    assert.ok(key in detail, `${key} in ${direct.body}`);
  }
  const scraped = await request(`${replicas[0].url}/metrics`);
  assert.equal(scraped.status, 200);
  assert.match(scraped.body.toString(), /landing_leads_total/);
});
