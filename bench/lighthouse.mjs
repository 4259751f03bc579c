// `make audit`: Lighthouse against the production build served by landing-server, for /en and
// /ru, mobile and desktop, the median of three runs each. A benchmark, never a test: scores
// move with machine load, so this reports and records, and the gate checks sizes instead.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'landing-audit-'));
  const child = spawn(
    path.join(root, 'build/release/landing-server'),
    ['--listen', `127.0.0.1:${port}`, '--site', path.join(root, 'web/dist'), '--db', path.join(dir, 'leads.db')],
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

async function audit(url, formFactor) {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags });
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

const server = await startServer();
const rows = [];
try {
  for (const locale of ['en', 'ru']) {
    for (const formFactor of ['mobile', 'desktop']) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(`${server.url}/${locale}`, formFactor));
      const row = { page: `/${locale}`, formFactor };
      for (const key of Object.keys(runs[0])) row[key] = median(runs.map((r) => r[key]));
      rows.push(row);
      console.log(
        `${row.page} ${formFactor}: perf ${row.performance} a11y ${row.accessibility} bp ${row.bestPractices} ` +
          `seo ${row.seo} | LCP ${row.lcp.toFixed(0)} ms FCP ${row.fcp.toFixed(0)} ms TBT ${row.tbt.toFixed(0)} ms ` +
          `CLS ${row.cls.toFixed(3)} | ${(row.bytes / 1024).toFixed(0)} KB`,
      );
    }
  }
} finally {
  server.stop();
}

const table = [
  `Median of ${RUNS} Lighthouse runs (${new Date().toISOString().slice(0, 10)}, Debian Chromium, landing-server on loopback).`,
  '',
  '| page | form factor | Performance | Accessibility | Best Practices | SEO | LCP ms | FCP ms | TBT ms | CLS | bytes KB |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (r) =>
      `| ${r.page} | ${r.formFactor} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ` +
      `${r.lcp.toFixed(0)} | ${r.fcp.toFixed(0)} | ${r.tbt.toFixed(0)} | ${r.cls.toFixed(3)} | ${(r.bytes / 1024).toFixed(0)} |`,
  ),
].join('\n');

// Each benchmark owns one marked block of docs/benchmarks.md and leaves the others alone.
const doc = path.join(root, 'docs/benchmarks.md');
let text;
try {
  text = readFileSync(doc, 'utf8');
} catch {
  text = '# Benchmarks\n';
}
const block = `<!-- lighthouse:start -->\n## Lighthouse\n\n${table}\n<!-- lighthouse:end -->`;
text = /<!-- lighthouse:start -->[\s\S]*<!-- lighthouse:end -->/.test(text)
  ? text.replace(/<!-- lighthouse:start -->[\s\S]*<!-- lighthouse:end -->/, block)
  : `${text.trimEnd()}\n\n${block}\n`;
writeFileSync(doc, text);
console.log('wrote docs/benchmarks.md');
