// What the proof of work costs a visitor (server/src/spam/, contract/api-contact.md): Chromium
// with 4x CPU throttling (DevTools' mobile setting, Lighthouse's too) opens /en, and the form is
// filled at a person's pace, 10 s from the first focus (when the page asks for a challenge and
// its worker starts solving) to the last keystroke; Send is pressed at once. The figure is the
// wait from that press to the lead's POST leaving: what the visitor waits for the proof beyond
// their typing (the goal: within 1 s). A second figure presses Send right after the first focus,
// so the wait is the whole fetch-and-solve. Each for the server's costs named below, RUNS each.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '../e2e/node_modules/playwright-core/index.mjs';
import { mintProof } from '../e2e/receivers/mint-proof.mjs';
import { replaceBlock } from './doc-block.mjs';
import { startLandingServer } from './landing-server.mjs';

const RUNS = Number(process.env.PROOF_RUNS ?? 5);
const TYPING_MS = 10_000;
// [iterations, max counter]: the default first (app/config.hpp), then fewer tries of more
// iterations each (the server pays the iterations once a challenge), then a lighter one.
const COSTS = JSON.parse(process.env.PROOF_COSTS ?? 'null') ?? [
  [1000, 8000],
  [5000, 2000],
  [500, 2000],
];

// A landing-server of its own on one I/O thread (a challenge's derivation runs on its own).
const startServer = (args, env = {}) => startLandingServer(['--threads', '1', ...args], env);

const FIELDS = [
  ['name', 'Anna Petrova'],
  ['social', '@anna_dev'],
  ['email', 'anna@example.com'],
  ['message', 'We need a landing page with a form and a 3D model, by spring.'],
];

// One lead: the wait between pressing Send and the POST leaving, in ms.
async function once(browser, url, typing) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${url}/en`, { waitUntil: 'load' });
  await page.waitForTimeout(4500); // the preloader
  const first = page.locator('#contact [name="name"]');
  await first.scrollIntoViewIfNeeded();
  const focusedAt = Date.now();
  await first.focus();
  if (typing) {
    const characters = FIELDS.reduce((sum, [, value]) => sum + value.length, 0);
    const delay = Math.floor(TYPING_MS / characters);
    for (const [name, value] of FIELDS) {
      await page.locator(`#contact [name="${name}"]`).pressSequentially(value, { delay });
    }
    const left = TYPING_MS - (Date.now() - focusedAt);
    if (left > 0) await page.waitForTimeout(left);
  } else {
    for (const [name, value] of FIELDS) await page.locator(`#contact [name="${name}"]`).fill(value);
  }
  const posted = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/contact', {
    timeout: 120_000,
  });
  const pressedAt = Date.now();
  await page.locator('#contact button[type="submit"]').click({ noWaitAfter: true });
  await posted;
  const wait = Date.now() - pressedAt;
  await context.close();
  return wait;
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const rows = [];
for (const cost of COSTS) {
  const server = await startServer(
    ['--proof-iterations', String(cost[0]), '--proof-max-counter', String(cost[1]),
      '--challenge-rate-burst', '1000000', '--rate-limit-burst', '1000'],
    { TELEGRAM_BOT_TOKEN: '', TELEGRAM_CHAT_ID: '' },
  );
  const typed = [];
  const whole = [];
  for (let i = 0; i < RUNS; i += 1) {
    typed.push(await once(browser, server.url, true));
    whole.push(await once(browser, server.url, false));
  }
  // What a challenge costs the server: one thread, four connections, five seconds.
  const wrk = spawnSync('wrk', ['-t1', '-c4', '-d5s', `${server.url}/api/challenge`], {
    encoding: 'utf8',
  });
  const perSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(wrk.stdout)?.[1] ?? NaN);
  await server.stop();
  const row = { cost, typed, whole, challengeMs: 1000 / perSecond };
  rows.push(row);
  console.log(
    `iterations ${cost[0]}, counter up to ${cost[1]}: after 10 s of typing the wait is ` +
      `${quantile(typed, 0.5)} ms median, ${quantile(typed, 0.95)} ms p95; the whole solve ` +
      `${quantile(whole, 0.5)} ms median, ${quantile(whole, 0.95)} ms p95; ` +
      `${row.challengeMs.toFixed(2)} ms of the server's a challenge`,
  );
}
await browser.close();

// What checking a proof costs the server: one thread answering, wrk posting the same lead with a
// proof whose challenge is signed and whose answer is wrong (every check runs, both HMACs, then
// 422 invalid; nothing is stored or spent), against the lead with no proof (422 required, the
// same parse and field checks, no proof check). The difference a request is the check.
async function checkCost() {
  const secretDir = mkdtempSync(path.join(os.tmpdir(), 'landing-proof-secret-'));
  const secret = 'the proof benchmark secret, 32 characters';
  writeFileSync(path.join(secretDir, 'secret'), secret);
  const server = await startServer(['--proof-secret-file', path.join(secretDir, 'secret')]);
  const { url, dir } = server;
  const proof = JSON.parse(Buffer.from(mintProof(secret), 'base64').toString());
  proof.solution.derivedKey = '0'.repeat(64);
  const lead = { name: 'Bench', social: '@bench_user', email: 'bench@example.com',
    message: 'A lead whose proof is checked.', locale: 'en', website: '' };
  const rate = (body) => {
    const script = path.join(dir, 'post.lua');
    writeFileSync(script, `wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n` +
      `wrk.body = ${JSON.stringify(JSON.stringify(body))}\n`);
    const out = spawnSync('wrk', ['-t1', '-c4', '-d5s', '-s', script, `${url}/api/contact`], {
      encoding: 'utf8',
    }).stdout;
    return Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
  };
  const withProof = rate({ ...lead, altcha: Buffer.from(JSON.stringify(proof)).toString('base64') });
  const without = rate(lead);
  await server.stop();
  rmSync(secretDir, { recursive: true, force: true });
  return { withProof, without, us: (1e6 / withProof - 1e6 / without) };
}
// Whether a flood of challenges slows the pages: `/en` alone on the one I/O thread, then with
// wrk asking /api/challenge from four more connections at the same time (the derivations run on
// the challenges thread, so the I/O thread only queues them).
const wrkRate = (args) =>
  new Promise((resolve) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('close', () => resolve(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN)));
  });
async function pagesUnderFlood() {
  const server = await startServer(['--challenge-rate-burst', '1000000']);
  const page = ['-t1', '-c4', '-d5s', `${server.url}/en`];
  const alone = await wrkRate(page);
  const [flooded, challenges] = await Promise.all([
    wrkRate(page),
    wrkRate(['-t1', '-c4', '-d5s', `${server.url}/api/challenge`]),
  ]);
  await server.stop();
  return { alone, flooded, challenges };
}
// Within a twentieth counts as kept: runs of /en alone differ by that much.
const floodVerdict = ({ alone, flooded }) =>
  flooded >= alone * 0.95
    ? 'the derivations run on their own thread, and the pages kept their pace'
    : `the pages slowed by ${(100 * (1 - flooded / alone)).toFixed(0)}%`;
const flood = await pagesUnderFlood();
console.log(
  `/en: ${flood.alone.toFixed(0)} answers/s alone, ${flood.flooded.toFixed(0)} while ` +
    `${flood.challenges.toFixed(0)} challenges/s are made beside it`,
);
const check = await checkCost();
console.log(
  `a proof checked: ${check.withProof.toFixed(0)} answers/s against ${check.without.toFixed(0)} ` +
    `without one on one thread, so about ${check.us.toFixed(1)} µs a check`,
);

replaceBlock(
  'proof-solve',
  [
    '### The proof of work in the browser (bench/proof-solve.mjs)',
    '',
    `Run ${new Date().toISOString().slice(0, 16)}Z: Chromium, 4x CPU throttling, 412 px, ${RUNS} leads per row; ` +
      'the wait from pressing Send to the POST leaving, after 10 s of typing from the first focus, ' +
      'and with Send pressed at once (the whole fetch and solve); what a challenge costs the ' +
      'server (its challenges thread, wrk -c4 -d5s). The throttling slows the page, not WebCrypto: ' +
      'the solve is native PBKDF2 in a worker, so a slow phone is the margin to keep. Checking a ' +
      `proof (two HMACs, base64 and JSON) cost about ${check.us.toFixed(1)} µs of one thread: ` +
      `${check.withProof.toFixed(0)} refused leads a second with a signed proof and a wrong answer, ` +
      `${check.without.toFixed(0)} with none (wrk -c4 -d5s). /en answered ` +
      `${flood.alone.toFixed(0)} requests a second alone and ${flood.flooded.toFixed(0)} while ` +
      `${flood.challenges.toFixed(0)} challenges a second were made beside it (one I/O thread, ` +
      `wrk -c4 -d5s each, two cores): ${floodVerdict(flood)}.`,
    '',
    '| PBKDF2 iterations | counter up to | wait after typing, median / p95 ms | whole solve, median / p95 ms | server ms a challenge |',
    '| ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      ({ cost, typed, whole, challengeMs }) =>
        `| ${cost[0]} | ${cost[1]} | ${quantile(typed, 0.5)} / ${quantile(typed, 0.95)} | ` +
        `${quantile(whole, 0.5)} / ${quantile(whole, 0.95)} | ${challengeMs.toFixed(2)} |`,
    ),
  ].join('\n'),
);
