// The real parts the deployment tests run: landing-server replicas, Caddy from deploy/Caddyfile,
// and a fake Telegram Bot API (the only fake) on 127.0.0.1.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { proofSecret, request } from './https.mjs';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const serverBinary = path.join(repo, 'build/release/landing-server');
export const siteDir = path.join(repo, 'web/dist');
export const caddyfile = path.join(repo, 'deploy/Caddyfile');

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function tempDir(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `landing-deploy-${prefix}-`));
  return { path: dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(check, what, child, output, limitMs = 30_000) {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${what} exited with ${child.exitCode}:\n${output()}`);
    if (await check().catch(() => false)) return;
    await sleep(50);
  }
  throw new Error(`${what} not ready within ${limitMs} ms:\n${output()}`);
}

/** Runs the binary to completion: { status, stdout, stderr }. */
export function runServerCommand(args, env = {}) {
  const result = spawnSync(serverBinary, args, {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

let proofSecretFile;
/** Every replica signs proofs with the tests' secret and asks the least work (https.mjs). */
function proofEnv() {
  if (!proofSecretFile) {
    proofSecretFile = path.join(
      mkdtempSync(path.join(os.tmpdir(), 'landing-deploy-proof-')),
      'secret',
    );
    writeFileSync(proofSecretFile, `${proofSecret}\n`);
  }
  return {
    LANDING_PROOF_SECRET_FILE: proofSecretFile,
    LANDING_PROOF_ITERATIONS: '1',
    LANDING_PROOF_MAX_COUNTER: '2',
  };
}

/** A landing-server process; start() resolves once it listens (its "listening" log line). */
export class Replica {
  constructor({ port, db, args = [], env = {} }) {
    this.port = port;
    this.db = db;
    this.args = args;
    this.env = env;
    this.output = '';
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start() {
    this.output = '';
    this.startedAt = performance.now();
    const child = spawn(
      serverBinary,
      ['--listen', `127.0.0.1:${this.port}`, '--site', siteDir, '--db', this.db, ...this.args],
      { env: { ...process.env, ...proofEnv(), ...this.env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout.on('data', (d) => (this.output += d));
    child.stderr.on('data', (d) => (this.output += d));
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    await waitFor(
      async () => this.output.includes('"event":"listening"'),
      'landing-server',
      child,
      () => this.output,
    );
    return this;
  }

  /** SIGTERM; resolves with { code, ms } once the process is gone. */
  async stop() {
    if (!this.child || this.child.exitCode !== null) return { code: this.child?.exitCode, ms: 0 };
    const began = performance.now();
    this.child.kill('SIGTERM');
    const code = await this.exited;
    return { code, ms: performance.now() - began };
  }
}

/** Caddy run from deploy/Caddyfile as an operator would, with its data kept in `dir`. */
export class Caddy {
  constructor({ upstreams, dir, siteAddress = 'localhost', env = {} }) {
    this.upstreams = upstreams;
    this.dir = dir;
    this.siteAddress = siteAddress;
    this.env = env;
    this.output = '';
  }

  /** The root of Caddy's local CA, which clients are told to trust (nothing else trusts it). */
  get caRoot() {
    return path.join(this.dir, 'data/caddy/pki/authorities/local/root.crt');
  }

  get origin() {
    return `https://localhost:${this.httpsPort}`;
  }

  async start() {
    [this.httpPort, this.httpsPort, this.adminPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const child = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
      cwd: repo,
      env: {
        ...process.env,
        SITE_ADDRESS: this.siteAddress,
        UPSTREAMS: this.upstreams.join(' '),
        HTTP_PORT: String(this.httpPort),
        HTTPS_PORT: String(this.httpsPort),
        HTTPS_PORT_IN_URL: `:${this.httpsPort}`,
        CADDY_ADMIN: `127.0.0.1:${this.adminPort}`,
        HEALTH_INTERVAL: '250ms',
        CADDY_LOG_LEVEL: process.env.CADDY_LOG_LEVEL ?? 'INFO',
        // Caddy keeps its CA, certificates and autosaved config here, never in $HOME.
        XDG_DATA_HOME: path.join(this.dir, 'data'),
        XDG_CONFIG_HOME: path.join(this.dir, 'config'),
        HOME: this.dir,
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => (this.output += d));
    child.stderr.on('data', (d) => (this.output += d));
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', resolve));
    await waitFor(
      async () => existsSync(this.caRoot) && (await this.get('/healthz')).status === 200,
      'caddy',
      child,
      () => this.output,
    );
    return this;
  }

  /** A GET through the front over HTTP/1.1 with TLS, trusting only Caddy's CA. */
  get(pathname, headers = {}) {
    return request(`${this.origin}${pathname}`, { headers, ca: readFileSync(this.caRoot) });
  }

  async stop() {
    if (!this.child || this.child.exitCode !== null) return;
    this.child.kill('SIGTERM');
    await this.exited;
  }
}

/** Answers sendMessage like the Bot API and records each message's text. */
export class FakeTelegram {
  messages = [];

  async start() {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        if (!/^\/bot[^/]+\/sendMessage$/.test(req.url ?? '')) {
          res.writeHead(404, { 'content-type': 'application/json' });
          res.end('{"ok":false,"error_code":404,"description":"Not Found"}');
          return;
        }
        this.messages.push(JSON.parse(body).text);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: true, result: { message_id: this.messages.length } }));
      });
    });
    await new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.env = {
      TELEGRAM_BOT_TOKEN: '123456:DEPLOY-test-token',
      TELEGRAM_CHAT_ID: '-100200300',
      TELEGRAM_API_BASE: `http://127.0.0.1:${this.server.address().port}`,
      // The weekly digest would post to this chat at start: these tests count its messages.
      LANDING_DIGEST: 'off',
    };
    return this;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve) ?? resolve());
  }
}
