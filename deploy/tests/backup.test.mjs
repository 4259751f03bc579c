// `landing-server backup --to FILE` while the server runs and takes leads, and a restore.
import assert from 'node:assert/strict';
import { copyFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { leadBody, leadHeaders, request } from './support/https.mjs';
import { Replica, freePort, runServerCommand, tempDir } from './support/processes.mjs';

const dir = tempDir('backup');
after(() => dir.remove());

const names = (db) =>
  new Set(
    runServerCommand(['--db', db, 'leads', 'list'])
      .stdout.split('\n')
      .slice(1)
      .map((line) => line.split('\t')[4])
      .filter(Boolean),
  );

test('a backup taken under load is whole, readable, and restores to the same leads', async () => {
  const db = path.join(dir.path, 'leads.db');
  const server = await new Replica({
    port: await freePort(),
    db,
    args: ['--rate-limit-burst', '100000'],
  }).start();
  const acknowledged = [];
  let running = true;
  const post = async (v) => {
    for (let n = 0; running; n += 1) {
      const res = await request(`${server.url}/api/contact`, {
        method: 'POST',
        headers: leadHeaders,
        body: leadBody(`Backup ${v}-${n}`),
      });
      assert.equal(res.status, 202);
      acknowledged.push(`Backup ${v}-${n}`);
    }
  };
  const writers = [post(0), post(1), post(2)];
  while (acknowledged.length < 200) await new Promise((r) => setTimeout(r, 20));

  const before = new Set(acknowledged);
  const copy = path.join(dir.path, 'backups', 'leads-copy.db');
  const backup = runServerCommand(['--db', db, 'backup', '--to', copy]);
  assert.equal(backup.status, 0, backup.stderr);
  assert.match(backup.stdout, /integrity_check: ok/);
  // One self-contained file: nothing of it waits in a -wal beside it.
  assert.ok(!existsSync(`${copy}-wal`), 'the backup left a -wal file');
  running = false;
  await Promise.all(writers);
  await server.stop();

  // Every lead acknowledged before the backup began is in it.
  const inCopy = names(copy);
  for (const name of before) assert.ok(inCopy.has(name), `${name} missing from the backup`);
  // Backups never overwrite.
  const again = runServerCommand(['--db', db, 'backup', '--to', copy]);
  assert.equal(again.status, 2);
  assert.match(again.stderr, /exists already/);

  // Restore as docs/deploy.md says: stop the server, put the copy in place, start it.
  const restored = path.join(dir.path, 'restored.db');
  copyFileSync(copy, restored);
  const back = await new Replica({ port: await freePort(), db: restored }).start();
  const res = await request(`${back.url}/healthz`);
  assert.equal(res.status, 200);
  await back.stop();
  assert.deepEqual([...names(restored)].sort(), [...inCopy].sort());
});

test('backup refuses PostgreSQL with the way to back it up, and never prints the password', () => {
  const run = runServerCommand([
    '--db',
    'postgresql://landing:hunter2@/landing?host=/nowhere',
    'backup',
    '--to',
    path.join(dir.path, 'x.db'),
  ]);
  assert.equal(run.status, 2);
  assert.match(run.stderr, /pg_dump/);
  assert.doesNotMatch(run.stderr + run.stdout, /hunter2/);
});
