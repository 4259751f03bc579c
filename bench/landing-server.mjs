// A landing-server of a benchmark's own: the release build, web/dist, a fresh SQLite database in
// a temporary folder, on a free loopback port; resolves once it answers /healthz. The
// benchmarks that load pages or time requests start theirs through this (startup.mjs times the
// start itself, so it spawns its own).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, serverBinary, siteDir } from '../deploy/tests/support/processes.mjs';

export { freePort };

// `args` follow the listen address, the site and the database; `env` is added to this process's.
export async function startLandingServer(args = [], env = {}) {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'landing-bench-'));
  const child = spawn(
    serverBinary,
    ['--listen', `127.0.0.1:${port}`, '--site', siteDir, '--db', path.join(dir, 'leads.db'), ...args],
    { stdio: 'ignore', env: { ...process.env, ...env } },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    port,
    dir,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
