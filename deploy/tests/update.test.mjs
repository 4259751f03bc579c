// deploy/update end to end: a bare repository stands in for GitHub, the deploy checkout builds
// for real, deploy/install places the site under a temporary root, and two installed replicas
// behind Caddy serve pages under steady load while it publishes. The restart step alone is the
// test's own: its replicas are its child processes, not systemd units.
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { NEW_CASE_NAME, refusedRussianCopy, renameFirstCase } from './support/copy-edits.mjs';
import { InstalledReplica } from './support/installed-replica.mjs';
import { pageLoad } from './support/page-load.mjs';
import { request } from './support/https.mjs';
import { Caddy, freePort, sleep, tempDir } from './support/processes.mjs';
import { cloneCheckout, commit, git, gitEnv, makeOrigin } from './support/publishing.mjs';

const dir = tempDir('update');
const root = path.join(dir.path, 'root');
const checkout = path.join(dir.path, 'checkout');
const state = (name) => path.join(root, 'var/lib/landing-update', name);
const replicaArgs = ['--trust-proxy', '127.0.0.1/32', '--host', '*', '--drain-delay-ms', '1000'];
// Longer than the pause after each restart (SETTLE_SECONDS=1): only deploy/update's wait for
// /healthz 200 keeps the next replica from going while this one is still coming up.
const SLOW_START_MS = 1500;
const restarts = [];
const startFailures = [];
let origin;
let caddy;
let control;

/** deploy/update as the timer runs it, but under the test's root: { code, output }. */
function runUpdate() {
  return new Promise((resolve) => {
    const child = spawn(path.join(checkout, 'deploy/update'), ['--root', root], { env: gitEnv });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The update's own lines in the test's report, one each. */
const showLog = (t, output) =>
  output
    .trimEnd()
    .split('\n')
    .forEach((line) => t.diagnostic(line));

/** What a replica's /healthz answers: its status, or why there is none. */
async function healthOf(replica) {
  try {
    return (await request(`${replica.url}/healthz`)).status;
  } catch (e) {
    return e.message;
  }
}

/**
 * Restarts replica-N when deploy/update asks (POST /restart/replica-N). It answers before the new
 * process listens, as `systemctl restart` of a Type=exec unit does: waiting for /healthz 200 is
 * deploy/update's own job.
 */
function startControl() {
  const server = http.createServer(async (req, res) => {
    const i = Number(/^\/restart\/replica-(\d)$/.exec(req.url)?.[1]);
    const old = caddy.replicas[i];
    if (req.method !== 'POST' || !old) return res.writeHead(404).end();
    // One at a time: when one goes, every other must already answer /healthz 200.
    const others = caddy.replicas.filter((r) => r !== old);
    const health = await Promise.all(others.map(healthOf));
    restarts.push(`replica-${i} (others: ${health.join(', ')})`);
    const { code } = await old.stop();
    if (code !== 0) return res.writeHead(500).end(`replica-${i} exited with ${code}\n`);
    const fresh = new InstalledReplica({ root, port: old.port, db: old.db, args: replicaArgs });
    caddy.replicas[i] = fresh;
    res.end();
    const started = sleep(SLOW_START_MS).then(() => fresh.start());
    await started.catch((e) => startFailures.push(e.message));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

before(
  async () => {
    origin = makeOrigin(dir.path);
    cloneCheckout(origin.bare, checkout);
    // The site that is live before any update, built and installed as an operator would.
    execFileSync('make', ['web'], { cwd: checkout, stdio: 'pipe' });
    execFileSync(path.join(checkout, 'deploy/install'), ['--root', root], { stdio: 'pipe' });

    control = await startControl();
    const restart = path.join(dir.path, 'restart-replica');
    writeFileSync(
      restart,
      '#!/bin/sh\nexec curl -fsS -o /dev/null --max-time 60 -X POST ' +
        `"http://127.0.0.1:${control.address().port}/restart/$1"\n`,
      { mode: 0o755 },
    );
    const ports = [await freePort(), await freePort()];
    // Later lines win when update.env is read, so the defaults install wrote stay above.
    appendFileSync(
      path.join(root, 'etc/landing-server/update.env'),
      `REPLICAS="${ports.map((p, i) => `replica-${i}=127.0.0.1:${p}`).join(' ')}"\n` +
        `RESTART_COMMAND=${restart}\nSETTLE_SECONDS=1\nHEALTH_TIMEOUT_SECONDS=30\n`,
    );

    const replicas = ports.map(
      (port, i) =>
        new InstalledReplica({
          root,
          port,
          db: path.join(dir.path, `r${i}.db`),
          args: replicaArgs,
        }),
    );
    await Promise.all(replicas.map((r) => r.start()));
    caddy = new Caddy({ upstreams: ports.map((p) => `127.0.0.1:${p}`), dir: dir.path });
    caddy.replicas = replicas;
    await caddy.start();
  },
  { timeout: 120_000 },
);

after(async () => {
  await caddy?.stop();
  await Promise.all((caddy?.replicas ?? []).map((r) => r.stop()));
  control?.close();
  dir.remove();
});

test('deploy/install puts the update units and settings in place, and the installed commit as deployed', () => {
  for (const unit of ['landing-update.service', 'landing-update.timer'])
    assert.ok(existsSync(path.join(root, 'etc/systemd/system', unit)), unit);
  const service = readFileSync(
    path.join(root, 'etc/systemd/system/landing-update.service'),
    'utf8',
  );
  assert.match(service, new RegExp(`^ExecStart=${checkout}/deploy/update$`, 'm'));
  const settings = readFileSync(path.join(root, 'etc/landing-server/update.env'), 'utf8');
  assert.match(settings, new RegExp(`^CHECKOUT="${checkout}"$`, 'm'));
  assert.match(settings, /^BRANCH=main$/m);
  assert.equal(readFileSync(state('deployed'), 'utf8').trim(), git(checkout, 'rev-parse', 'HEAD'));
});

test('systemd-analyze verify finds nothing wrong with the installed service and timer', () => {
  // The installed copies: their ExecStart is this checkout's deploy/update, which exists.
  const units = ['landing-update.service', 'landing-update.timer'].map((unit) =>
    path.join(root, 'etc/systemd/system', unit),
  );
  const run = spawnSync('systemd-analyze', ['verify', ...units], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr.trim(), '', 'verify printed warnings');
});

test('with nothing new on the branch, deploy/update does nothing and says so', async () => {
  const run = await runUpdate();
  assert.equal(run.code, 0, run.output);
  assert.match(run.output, /nothing to do: main is at \w+ .*, which is live/);
  assert.deepEqual(restarts, []);
});

test('a commit with invalid copy is refused: the reason, a non-zero exit, the old site served', async (t) => {
  const deployed = readFileSync(state('deployed'), 'utf8').trim();
  const before = (await caddy.get('/ru')).body;
  const bad = commit(origin.author, 'copy: an empty Russian case description', refusedRussianCopy);

  const run = await runUpdate();
  showLog(t, run.output);
  assert.equal(run.code, 1, run.output);
  assert.match(run.output, /make web of \w+ .* failed; the live site and binary are unchanged/);
  assert.match(
    run.output,
    /src\/i18n\/locales\/ru\.json:cases\.items\[0\]\.description: empty value/,
    'the build log names the bad file and value',
  );
  assert.deepEqual(restarts, []);
  assert.deepEqual((await caddy.get('/ru')).body, before);
  assert.equal(git(checkout, 'rev-parse', 'HEAD'), deployed);
  assert.equal(readFileSync(state('refused'), 'utf8').trim(), bad);

  // Not built again: the next run only says the branch still waits for a fix.
  const again = await runUpdate();
  assert.equal(again.code, 1, again.output);
  assert.match(again.output, /still at \w+ .*, which failed to build; waiting for a newer commit/);
  assert.doesNotMatch(again.output, /building/);
});

test("a fix and a case's new title on top go live in one run, replica by replica, failing no request", async (t) => {
  const page = await caddy.get('/en');
  assert.doesNotMatch(page.body.toString(), new RegExp(NEW_CASE_NAME));
  commit(origin.author, 'copy: the Russian description back', (clone) => {
    git(clone, 'checkout', 'HEAD~1', '--', 'web/src/i18n/locales/ru.json');
  });
  const titled = commit(origin.author, "copy: a case's new title", renameFirstCase);

  const load = pageLoad(caddy.origin, readFileSync(caddy.caRoot), 4);
  const run = await runUpdate();
  const outcome = await load.stop();
  t.diagnostic(`${outcome.requests} page requests during the update`);
  showLog(t, run.output);
  assert.equal(run.code, 0, run.output);
  assert.match(run.output, /with make web\n/);
  assert.deepEqual(outcome.failures, [], `${outcome.requests} requests:\n${run.output}`);
  assert.ok(outcome.requests > 100, `only ${outcome.requests} requests during the update`);

  // One at a time: the second restart begins only once the first replica answers /healthz 200.
  assert.deepEqual(restarts, ['replica-0 (others: 200)', 'replica-1 (others: 200)']);
  assert.deepEqual(startFailures, []);
  const steps = run.output.split('\n').filter((l) => /restarting|answers \/healthz/.test(l));
  assert.deepEqual(
    steps.map((l) => l.replace(/ \(\d+ s\)$/, '')),
    [
      'update: restarting replica-0',
      'update: replica-0 answers /healthz 200',
      'update: restarting replica-1',
      'update: replica-1 answers /healthz 200',
    ],
  );
  assert.match((await caddy.get('/en')).body.toString(), new RegExp(NEW_CASE_NAME));
  assert.equal(readFileSync(state('deployed'), 'utf8').trim(), titled);
  assert.ok(!existsSync(state('refused')), 'the refusal is forgotten once a newer commit is live');
});
