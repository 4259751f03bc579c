// A replica as the unit runs it after deploy/install --root ROOT: the installed binary serving
// the installed site, so a test sees what an install put in place rather than the build's.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Replica, sleep } from './processes.mjs';

const START_LIMIT_MS = 30_000;

export class InstalledReplica extends Replica {
  constructor({ root, ...options }) {
    super(options);
    this.binary = path.join(root, 'usr/local/bin/landing-server');
    this.site = path.join(root, 'usr/local/share/landing-server/site');
  }

  async start() {
    this.output = '';
    const args = ['--listen', `127.0.0.1:${this.port}`, '--site', this.site, '--db', this.db];
    const child = spawn(this.binary, [...args, ...this.args], {
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => (this.output += d));
    child.stderr.on('data', (d) => (this.output += d));
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    const deadline = Date.now() + START_LIMIT_MS;
    while (!this.output.includes('"event":"listening"')) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`installed landing-server did not start:\n${this.output}`);
      await sleep(50);
    }
    return this;
  }
}
