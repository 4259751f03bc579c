// `make audit`: Lighthouse against the production build served by landing-server, for /en and
// /ru (and on a phone the docs' case, service and index pages), mobile (at Lighthouse's 4x CPU slowdown, and at 8x: a machine half as fast), and desktop,
// the median of three runs each, over plain HTTP to the server and over
// HTTPS through Caddy from deploy/Caddyfile (HTTP/2), as deployed. A benchmark, never a test:
// scores move with machine load, so this reports and records, and the gate checks sizes instead.
// Every run is printed, not only the medians: issue 26's bar is "no run below 98"; so is each
// run's long tasks, by source, which is where a lower score on a slower machine comes from.
//   LIGHTHOUSE_RUNS=5              runs per row (3)
//   LIGHTHOUSE_ONLY=http:mobile    only the rows whose `front:form factor` or `front:page:form
//                                  factor` matches (comma-separated; form factors: mobile,
//                                  mobile-8x, desktop); docs are left as they are
//   LIGHTHOUSE_ONLY=floor:mobile-8x  the machine's floor alone (below)
//   LIGHTHOUSE_SAVE=/tmp/lhr       keeps each run's full report and its trace there, to see where
//                                  time goes (the trace opens in the Performance panel;
//                                  bench/trace-load.mjs says what Lighthouse scales)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { X509Certificate, createHash } from 'node:crypto';
import * as chromeLauncher from 'chrome-launcher';
import { Caddy } from '../deploy/tests/support/processes.mjs';
import { startLandingServer } from './landing-server.mjs';
import { replaceBlock } from './doc-block.mjs';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import chromiumFlags from '../scripts/chromium-flags.json' with { type: 'json' };

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const ONLY = process.env.LIGHTHOUSE_ONLY?.split(',').filter(Boolean) ?? [];
const SAVE = process.env.LIGHTHOUSE_SAVE;
const wanted = (front, page, formFactor) =>
  !ONLY.length || ONLY.some((o) => o === `${front}:${formFactor}` || o === `${front}:${page}:${formFactor}`);
// Debian's Chromium with the flags every browser run of the project uses (no network here).
const chromeFlags = ['--headless=new', ...chromiumFlags];

const summary = (r) =>
  `perf ${r.performance} a11y ${r.accessibility} bp ${r.bestPractices} seo ${r.seo} | ` +
  `FCP ${r.fcp.toFixed(0)} ms LCP ${r.lcp.toFixed(0)} ms TBT ${r.tbt.toFixed(0)} ms CLS ${r.cls.toFixed(3)} | ` +
  `${(r.bytes / 1024).toFixed(0)} KB | benchmarkIndex ${r.benchmarkIndex.toFixed(0)}`;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const longTasks = (r) =>
  r.longTasks.length
    ? r.longTasks.map((t) => `${t.source} ${t.ms.toFixed(0)} ms at ${t.at.toFixed(0)}`).join(', ')
    : 'none';

// Chromium accepts the front's certificate because its chain holds Caddy's local intermediate,
// named by its key's hash; nothing is added to any trust store.
function spkiHash(pemFile) {
  const der = new X509Certificate(readFileSync(pemFile)).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64');
}

// Each form factor: Lighthouse's config, and its flags (the 8x row only slows the CPU more).
const FORM_FACTORS = [
  { name: 'mobile', config: undefined, flags: {} },
  { name: 'mobile-8x', config: undefined, flags: { throttling: { cpuSlowdownMultiplier: 8 } } },
  { name: 'desktop', config: desktopConfig, flags: {} },
];

// The machine's floor: a page with one heading and one paragraph, no style sheet, font or script,
// audited on a phone beside the landing. Lighthouse's simulation multiplies the renderer's own
// start (its context, the first style and layout) by the CPU slowdown as it does the page's work,
// so on a slow or busy machine even this page loses points at 8x (issue 44, item 19): a landing
// row means little without the floor it was measured against.
const FLOOR_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title>' +
  '<meta name="description" content="An empty page: what this machine scores with nothing to load.">' +
  '</head><body><main><h1>An empty page</h1><p>One heading and one paragraph.</p></main></body></html>';

function startFloorServer() {
  const server = http.createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(FLOOR_PAGE);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}`, stop: () => server.close() }),
    ),
  );
}

// The pages audited: each landing page in every form factor, and the docs (issue 35: a case, a
// service and the index, in both languages) on a phone, the form factor their bar is set for,
// behind landing-server only (the front adds nothing a docs page does not share with /en).
const PAGES = [
  ...['/en', '/ru'].map((page) => ({ page, factors: FORM_FACTORS.map((f) => f.name) })),
  ...['en', 'ru'].flatMap((locale) =>
    ['/docs/cases/aurelia', '/docs/services/web3', '/docs/'].map((docs) => ({
      page: `/${locale}${docs}`,
      factors: ['mobile'],
    })),
  ),
];

// A long task's source: the document itself, a script by its file name, or what Lighthouse could
// not attribute (style, layout and paint with no script on the stack; the parser between scripts).
function taskSource(url, pageUrl) {
  if (!url || url === 'Unattributable') return 'unattributed';
  if (url === pageUrl || url === `${pageUrl}/`) return 'document';
  try {
    return path.basename(new URL(url).pathname) || url;
  } catch {
    return url;
  }
}

async function audit(url, formFactor, extraFlags = [], saveAs = null) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [...chromeFlags, ...extraFlags],
  });
  try {
    const { lhr, artifacts } = await lighthouse(
      url,
      { port: chrome.port, logLevel: 'error', output: 'json', ...formFactor.flags },
      formFactor.config,
    );
    const a = lhr.audits;
    if (saveAs) {
      writeFileSync(saveAs, JSON.stringify(lhr));
      // The load's own trace, unthrottled: the tasks Lighthouse's simulation scales by its slowdown.
      const trace = artifacts?.Trace ?? artifacts?.traces?.defaultPass;
      if (trace) writeFileSync(saveAs.replace(/\.json$/, '.trace.json'), JSON.stringify(trace));
    }
    // A run whose trace Lighthouse could not read (NO_NAVSTART and the like) has no score at all.
    if (lhr.categories.performance.score === null)
      return { error: lhr.runtimeError?.message ?? a['first-contentful-paint'].errorMessage ?? 'no score' };
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
      // How fast Lighthouse found this machine (a fixed piece of work it times before the load):
      // the scores at a CPU slowdown mean little without it.
      benchmarkIndex: lhr.environment.benchmarkIndex,
      longTasks: (a['long-tasks']?.details?.items ?? []).map((t) => ({
        source: taskSource(t.url, lhr.finalDisplayedUrl ?? url),
        ms: t.duration,
        at: t.startTime,
      })),
    };
  } finally {
    await chrome.kill();
  }
}

// Behind the front the Host is localhost on Caddy's port, and HSTS is sent as deployed.
const floor = await startFloorServer();
const server = await startLandingServer(['--host', '*', '--trust-proxy', '127.0.0.1/32', '--hsts']);
const caddyDir = mkdtempSync(path.join(os.tmpdir(), 'landing-audit-caddy-'));
const caddy = new Caddy({ upstreams: [`127.0.0.1:${server.port}`], dir: caddyDir });
const rows = [];
try {
  await caddy.start();
  const trustFront = [
    `--ignore-certificate-errors-spki-list=${spkiHash(path.join(path.dirname(caddy.caRoot), 'intermediate.crt'))}`,
  ];
  const fronts = [
    { name: 'http', base: server.url, flags: [] },
    { name: 'https', base: caddy.origin, flags: trustFront },
    { name: 'floor', base: floor.url, flags: [] },
  ];
  for (const front of fronts) {
    const pages = front.name === 'floor' ? [{ page: '/', factors: ['mobile', 'mobile-8x'] }] : PAGES;
    for (const { page, factors } of pages) {
      for (const factor of FORM_FACTORS.filter((f) => factors.includes(f.name))) {
        const formFactor = factor.name;
        if (front.name !== 'http' && page.includes('/docs/')) continue;
        if (!wanted(front.name, page, formFactor)) continue;
        const runs = [];
        // A run Lighthouse itself failed is printed and made again, up to RUNS more times.
        for (let attempt = 1; runs.length < RUNS && attempt <= 2 * RUNS; attempt++) {
          const name = `${front.name}-${page.replaceAll('/', '_')}-${formFactor}-${attempt}`;
          if (SAVE) mkdirSync(SAVE, { recursive: true });
          const run = await audit(`${front.base}${page}`, factor, front.flags, SAVE && path.join(SAVE, `${name}.json`));
          const label = `  run ${runs.length + 1}/${RUNS} ${front.name} ${page} ${formFactor}`;
          if (run.error) {
            console.log(`${label}: Lighthouse failed (${run.error}); running it again`);
            continue;
          }
          runs.push(run);
          console.log(`${label}: ${summary(run)}\n    long tasks: ${longTasks(run)}`);
        }
        if (runs.length < RUNS) throw new Error(`Lighthouse failed too often on ${front.base}${page} (${formFactor})`);
        const row = { front: front.name, page, formFactor, lowest: Math.min(...runs.map((r) => r.performance)) };
        for (const key of Object.keys(runs[0])) {
          if (key !== 'longTasks') row[key] = median(runs.map((r) => r[key]));
        }
        row.runs = runs;
        rows.push(row);
        console.log(`${front.name} ${row.page} ${formFactor} median: ${summary(row)} | lowest perf ${row.lowest}`);
      }
    }
  }
} finally {
  await caddy.stop();
  rmSync(caddyDir, { recursive: true, force: true });
  await server.stop();
  floor.stop();
}

// The HTTPS front must not cost the mobile visitor anything (issue 13's bar).
for (const row of rows.filter((r) => r.front === 'https' && r.formFactor === 'mobile')) {
  const plain = rows.find((r) => r.front === 'http' && r.page === row.page && r.formFactor === 'mobile');
  if (!plain) continue;
  const verdict = row.performance >= plain.performance ? 'ok' : 'LOWER';
  console.log(`mobile ${row.page}: HTTPS ${row.performance} vs HTTP ${plain.performance}: ${verdict}`);
}

const table = [
  `Median of ${RUNS} Lighthouse runs (${new Date().toISOString().slice(0, 10)}, Debian Chromium, on loopback): ` +
    '`http` is landing-server itself, `https` is Caddy from deploy/Caddyfile in front of it (HTTP/2).',
  '',
  '| front | page | form factor | Performance | lowest run | Accessibility | Best Practices | SEO | LCP ms | FCP ms | TBT ms | CLS | bytes KB | benchmarkIndex |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (r) =>
      `| ${r.front} | ${r.page} | ${r.formFactor} | ${r.performance} | ${r.lowest} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ` +
      `${r.lcp.toFixed(0)} | ${r.fcp.toFixed(0)} | ${r.tbt.toFixed(0)} | ${r.cls.toFixed(3)} | ${(r.bytes / 1024).toFixed(0)} | ` +
        `${r.benchmarkIndex.toFixed(0)} |`,
  ),
  '',
  '### Long tasks by source (mobile, landing-server, and the empty page that is the floor)',
  '',
  "Each run's tasks of 50 ms or more as Lighthouse lists them (`long-tasks`, at its CPU slowdown): " +
    'the source (`document` is the page itself, a file is a script, `unattributed` is work with no ' +
    'script on the stack), the duration and when it started, in ms. The `floor` rows are a page ' +
    'with one heading and one paragraph and nothing else: what this machine scores at best.',
  '',
  '| page | CPU | run | performance | TBT ms | benchmarkIndex | long tasks |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...rows
    .filter((r) => r.front !== 'https' && r.formFactor.startsWith('mobile'))
    .flatMap((r) =>
      r.runs.map(
        (run, i) =>
          `| ${r.front === 'floor' ? 'empty page (floor)' : r.page} | ${r.formFactor === 'mobile' ? '4x' : '8x'} | ${i + 1} | ${run.performance} | ` +
          `${run.tbt.toFixed(0)} | ${run.benchmarkIndex.toFixed(0)} | ${longTasks(run)} |`,
      ),
    ),
].join('\n');

// A partial run (LIGHTHOUSE_ONLY) is for looking, not for the record.
if (!ONLY.length) replaceBlock('lighthouse', `## Lighthouse\n\n${table}`);
else console.log('LIGHTHOUSE_ONLY is set: docs/benchmarks.md is left as it was');
