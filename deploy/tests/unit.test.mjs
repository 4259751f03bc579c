// The systemd unit as shipped: systemd's own checks, and the install script that puts it there.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { repo, serverBinary, tempDir } from './support/processes.mjs';

const unit = path.join(repo, 'deploy/landing-server.service');
const dir = tempDir('unit');
after(() => dir.remove());

test('systemd-analyze verify finds nothing wrong with the unit', () => {
  // verify also checks that ExecStart's binary exists; on this machine it is the build's, not
  // the installed one, so only that path is changed in the copy that is checked.
  const copy = path.join(dir.path, 'landing-server.service');
  writeFileSync(
    copy,
    readFileSync(unit, 'utf8').replaceAll('/usr/local/bin/landing-server', serverBinary),
  );
  const run = spawnSync('systemd-analyze', ['verify', copy], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr.trim(), '', 'verify printed warnings');
});

test('systemd-analyze security rates the exposure 1.5 or below', () => {
  const run = spawnSync('systemd-analyze', ['security', '--offline=yes', '--no-pager', unit], {
    encoding: 'utf8',
  });
  const overall = /Overall exposure level for landing-server\.service: (\d+\.\d+)/.exec(run.stdout);
  assert.ok(overall, run.stdout + run.stderr);
  assert.ok(Number(overall[1]) <= 1.5, `exposure ${overall[1]}:\n${run.stdout}`);
});

test('the token reaches the service as a credential, never through the unit or its environment', () => {
  const text = readFileSync(unit, 'utf8');
  assert.match(text, /^LoadCredential=telegram-bot-token:/m);
  assert.doesNotMatch(text, /^Environment=.*TELEGRAM_BOT_TOKEN/m);
  const example = readFileSync(path.join(repo, 'deploy/landing-server.env.example'), 'utf8');
  assert.doesNotMatch(example, /^TELEGRAM_BOT_TOKEN=/m);
});

test('deploy/install puts everything in place and never replaces the operator settings', () => {
  const root = path.join(dir.path, 'root');
  const install = () =>
    spawnSync(path.join(repo, 'deploy/install'), ['--root', root], { encoding: 'utf8' });
  let run = install();
  assert.equal(run.status, 0, run.stderr);
  for (const file of [
    'usr/local/bin/landing-server',
    'usr/local/share/landing-server/site/en/index.html',
    'etc/systemd/system/landing-server.service',
    'etc/systemd/system/caddy.service.d/landing.conf',
    'etc/caddy/Caddyfile',
    'etc/landing-server/landing-server.env',
    'etc/landing-server/caddy.env',
  ]) {
    assert.ok(existsSync(path.join(root, file)), file);
  }
  // Settings hold the chat id and the database URI: only root reads them.
  assert.equal(statSync(path.join(root, 'etc/landing-server')).mode & 0o777, 0o700);
  assert.equal(
    statSync(path.join(root, 'etc/landing-server/landing-server.env')).mode & 0o777,
    0o600,
  );
  const settings = path.join(root, 'etc/landing-server/landing-server.env');
  writeFileSync(settings, 'TELEGRAM_CHAT_ID=-42\n');
  run = install();
  assert.equal(run.status, 0, run.stderr);
  assert.equal(readFileSync(settings, 'utf8'), 'TELEGRAM_CHAT_ID=-42\n');
});
