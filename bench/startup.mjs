// Start to first compressed answer: how long after landing-server is spawned a browser asking
// for /en with brotli gets a brotli answer. With the build's .br/.gz files the first answer is
// compressed; without them (the folder copied without its .br/.gz) the server compresses at
// start and the first answers go out uncompressed meanwhile. Median of RUNS starts each.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { replaceBlock } from './doc-block.mjs';
import { freePort } from './landing-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.STARTUP_RUNS ?? 15);
// The goal: the built site (every docs page with it) answers in brotli within this of the spawn.
const GOAL_MS = 200;

const get = (port) =>
  new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/en', headers: { 'accept-encoding': 'br' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], bytes: Number(res.headers['content-length']) }));
    });
    req.on('error', () => resolve(null));
  });

async function once(site) {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'landing-startup-'));
  const began = performance.now();
  const child = spawn(path.join(root, 'build/release/landing-server'), [
    '--listen', `127.0.0.1:${port}`, '--site', site, '--db', path.join(dir, 'leads.db'),
  ], { stdio: 'ignore' });
  let first = null;
  let compressedAt = null;
  while (performance.now() - began < 30_000) {
    const answer = await get(port);
    if (answer) {
      first ??= { ...answer, ms: performance.now() - began };
      if (answer.encoding === 'br') {
        compressedAt = performance.now() - began;
        break;
      }
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
  return { first, compressedAt };
}

const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];

const built = path.join(root, 'web/dist');
const bare = mkdtempSync(path.join(os.tmpdir(), 'landing-startup-site-'));
cpSync(built, bare, { recursive: true, filter: (src) => !/\.(br|gz)$/.test(src) });
const rows = [];
for (const [name, site] of [['with the build\'s .br/.gz', built], ['without them', bare]]) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once(site));
  const row = {
    name,
    firstMs: median(runs.map((r) => r.first.ms)),
    firstEncoding: runs.filter((r) => r.first.encoding === 'br').length,
    firstKb: median(runs.map((r) => r.first.bytes)) / 1024,
    compressedMs: median(runs.map((r) => r.compressedAt)),
  };
  rows.push(row);
  console.log(
    `${name}: first answer ${row.firstMs.toFixed(0)} ms after spawn (${row.firstKb.toFixed(0)} KB, brotli in ` +
      `${row.firstEncoding} of ${RUNS}); first brotli answer ${row.compressedMs.toFixed(0)} ms`,
  );
}
rmSync(bare, { recursive: true, force: true });
const files = readdirSync(path.join(built, 'assets')).length;

replaceBlock(
  'startup',
  [
    '## Start to first compressed answer',
    '',
    `Median of ${RUNS} starts (${new Date().toISOString().slice(0, 10)}, two cores, ${files} files in web/dist/assets): ` +
      'milliseconds from spawning landing-server to its first answer to `GET /en` with `Accept-Encoding: br`, ' +
      'polled every 2 ms, and to its first brotli answer (`bench/startup.mjs`).',
    '',
    '| site | first answer ms | first answer KB | first answers in brotli | first brotli answer ms |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.firstMs.toFixed(0)} | ${r.firstKb.toFixed(0)} | ${r.firstEncoding} of ${RUNS} | ${r.compressedMs.toFixed(0)} |`,
    ),
    '',
    `The goal: the built site's first brotli answer within ${GOAL_MS} ms; the bench fails when the median is over it.`,
  ].join('\n'),
);
const builtRow = rows[0];
if (!(builtRow.compressedMs <= GOAL_MS)) {
  console.error(`FAILED the built site's first brotli answer took ${builtRow.compressedMs.toFixed(0)} ms, over the goal of ${GOAL_MS} ms`);
  process.exit(1);
}
console.log(`the built site's first brotli answer within the goal of ${GOAL_MS} ms`);
