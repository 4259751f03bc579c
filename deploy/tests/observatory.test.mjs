// The MDN HTTP Observatory grades the HTTPS front (Caddy and a replica, as deployed) A+.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Caddy, Replica, freePort, tempDir } from './support/processes.mjs';

const dir = tempDir('observatory');
let replica;
let caddy;

before(async () => {
  replica = await new Replica({
    port: await freePort(),
    db: path.join(dir.path, 'leads.db'),
    args: ['--trust-proxy', '127.0.0.1/32', '--hsts', '--host', '*'],
  }).start();
  caddy = await new Caddy({ upstreams: [`127.0.0.1:${replica.port}`], dir: dir.path }).start();
});

after(async () => {
  await caddy?.stop();
  await replica?.stop();
  dir.remove();
});

test('the MDN HTTP Observatory grades the front A+ with no failed test', () => {
  const scanner = path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    'support/observatory-scan.mjs',
  );
  const run = spawnSync(
    process.execPath,
    [scanner, 'localhost', String(caddy.httpPort), String(caddy.httpsPort)],
    {
      encoding: 'utf8',
      env: { ...process.env, NODE_EXTRA_CA_CERTS: caddy.caRoot },
    },
  );
  assert.equal(run.status, 0, run.stdout + run.stderr);
  const result = JSON.parse(run.stdout);
  const failed = Object.entries(result.tests).filter(([, t]) => !t.pass);
  assert.deepEqual(failed, [], JSON.stringify(result.tests, null, 2));
  assert.equal(result.grade, 'A+', JSON.stringify(result, null, 2));
});
