// `make audit`: Lighthouse against the production build served by landing-server, for /en and
// /ru, mobile and desktop, the median of three runs each, over plain HTTP to the server and over
// HTTPS through Caddy from deploy/Caddyfile (HTTP/2), as deployed. A benchmark, never a test:
// scores move with machine load, so this reports and records, and the gate checks sizes instead.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { X509Certificate, createHash } from 'node:crypto';
import * as chromeLauncher from 'chrome-launcher';
import { Caddy, freePort } from '../deploy/tests/support/processes.mjs';
import { replaceBlock } from './doc-block.mjs';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import chromiumFlags from '../scripts/chromium-flags.json' with { type: 'json' };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// Debian's Chromium with the flags every browser run of the project uses (no network here).
const chromeFlags = ['--headless=new', ...chromiumFlags];

async function startServer(port) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'landing-audit-'));
  const child = spawn(
    path.join(root, 'build/release/landing-server'),
    [
      '--listen', `127.0.0.1:${port}`, '--site', path.join(root, 'web/dist'), '--db', path.join(dir, 'leads.db'),
      // Behind the front the Host is localhost on Caddy's port, and HSTS is sent as deployed.
      '--host', '*', '--trust-proxy', '127.0.0.1/32', '--hsts',
    ],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    stop() {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// Chromium accepts the front's certificate because its chain holds Caddy's local intermediate,
// named by its key's hash; nothing is added to any trust store.
function spkiHash(pemFile) {
  const der = new X509Certificate(readFileSync(pemFile)).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64');
}

async function audit(url, formFactor, extraFlags = []) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [...chromeFlags, ...extraFlags],
  });
  try {
    const config = formFactor === 'desktop' ? desktopConfig : undefined;
    const { lhr } = await lighthouse(url, { port: chrome.port, logLevel: 'error', output: 'json' }, config);
    const a = lhr.audits;
    return {
      performance: lhr.categories.performance.score * 100,
      accessibility: lhr.categories.accessibility.score * 100,
      bestPractices: lhr.categories['best-practices'].score * 100,
      seo: lhr.categories.seo.score * 100,
      lcp: a['largest-contentful-paint'].numericValue,
      fcp: a['first-contentful-paint'].numericValue,
      tbt: a['total-blocking-time'].numericValue,
      cls: a['cumulative-layout-shift'].numericValue,
      bytes: a['total-byte-weight'].numericValue,
    };
  } finally {
    await chrome.kill();
  }
}

const port = await freePort();
const server = await startServer(port);
const caddyDir = mkdtempSync(path.join(os.tmpdir(), 'landing-audit-caddy-'));
const caddy = new Caddy({ upstreams: [`127.0.0.1:${port}`], dir: caddyDir });
const rows = [];
try {
  await caddy.start();
  const trustFront = [
    `--ignore-certificate-errors-spki-list=${spkiHash(path.join(path.dirname(caddy.caRoot), 'intermediate.crt'))}`,
  ];
  const fronts = [
    { name: 'http', base: server.url, flags: [] },
    { name: 'https', base: caddy.origin, flags: trustFront },
  ];
  for (const front of fronts) {
    for (const locale of ['en', 'ru']) {
      for (const formFactor of ['mobile', 'desktop']) {
        const runs = [];
        for (let i = 0; i < RUNS; i++) runs.push(await audit(`${front.base}/${locale}`, formFactor, front.flags));
        const row = { front: front.name, page: `/${locale}`, formFactor };
        for (const key of Object.keys(runs[0])) row[key] = median(runs.map((r) => r[key]));
        rows.push(row);
        console.log(
          `${front.name} ${row.page} ${formFactor}: perf ${row.performance} a11y ${row.accessibility} bp ${row.bestPractices} ` +
            `seo ${row.seo} | LCP ${row.lcp.toFixed(0)} ms FCP ${row.fcp.toFixed(0)} ms TBT ${row.tbt.toFixed(0)} ms ` +
            `CLS ${row.cls.toFixed(3)} | ${(row.bytes / 1024).toFixed(0)} KB`,
        );
      }
    }
  }
} finally {
  await caddy.stop();
  rmSync(caddyDir, { recursive: true, force: true });
  server.stop();
}

// The HTTPS front must not cost the mobile visitor anything (issue 13's bar).
for (const row of rows.filter((r) => r.front === 'https' && r.formFactor === 'mobile')) {
  const plain = rows.find((r) => r.front === 'http' && r.page === row.page && r.formFactor === 'mobile');
  const verdict = row.performance >= plain.performance ? 'ok' : 'LOWER';
  console.log(`mobile ${row.page}: HTTPS ${row.performance} vs HTTP ${plain.performance}: ${verdict}`);
}

const table = [
  `Median of ${RUNS} Lighthouse runs (${new Date().toISOString().slice(0, 10)}, Debian Chromium, on loopback): ` +
    '`http` is landing-server itself, `https` is Caddy from deploy/Caddyfile in front of it (HTTP/2).',
  '',
  '| front | page | form factor | Performance | Accessibility | Best Practices | SEO | LCP ms | FCP ms | TBT ms | CLS | bytes KB |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (r) =>
      `| ${r.front} | ${r.page} | ${r.formFactor} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ` +
      `${r.lcp.toFixed(0)} | ${r.fcp.toFixed(0)} | ${r.tbt.toFixed(0)} | ${r.cls.toFixed(3)} | ${(r.bytes / 1024).toFixed(0)} |`,
  ),
].join('\n');

replaceBlock('lighthouse', `## Lighthouse\n\n${table}`);
