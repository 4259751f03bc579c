// What the main thread does while a landing page loads, task by task: the next step after
// `make audit`'s long tasks by source (issue 36), which Lighthouse leaves as "unattributed",
// "document" or a script's name. Chromium's own trace (the devtools.timeline categories, as the
// Performance panel records them), with the CPU slowed as Lighthouse slows it, of one load of a
// page served by landing-server, until the page has been quiet for a while. Each task of 50 ms or
// more is listed with what its time went to: the trace events inside it by their own (self) time,
// a script's evaluation and calls named by file.
//
//   node bench/trace-load.mjs [page...]        (/en by default)
//   TRACE_CPU=8        the CPU slowdown (4)
//   TRACE_RUNS=3       loads of each page (3)
//   TRACE_SAVE=/tmp/t  keeps each trace there, to open in the Performance panel
//   TRACE_PROFILE=1    adds V8's sampling profiler to the trace (with TRACE_SAVE: the functions
//                      inside a script's task, in the Performance panel)
//   TRACE_LONG_MS=10   lists tasks from this long (50); at TRACE_CPU=1 this shows what Lighthouse's
//                      simulation will multiply: it scales the tasks of an unthrottled load by its
//                      slowdown, so a 13 ms task there is a long task at 4x, a 7 ms one at 8x
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '../e2e/node_modules/playwright-core/index.mjs';
import chromiumFlags from '../scripts/chromium-flags.json' with { type: 'json' };
import { startLandingServer } from './landing-server.mjs';

const CPU = Number(process.env.TRACE_CPU ?? 4);
const RUNS = Number(process.env.TRACE_RUNS ?? 3);
const SAVE = process.env.TRACE_SAVE;
const PAGES = process.argv.slice(2).length ? process.argv.slice(2) : ['/en'];
const PROFILE = !!process.env.TRACE_PROFILE;
const LONG_MS = Number(process.env.TRACE_LONG_MS ?? 50);
const LONG_US = LONG_MS * 1000;
// Long enough for the preloader (4.2 s), the start-up script after it and the emblem's start.
const SETTLE_MS = 8_000;

// The name a piece of work goes by: the event's, with the script for evaluations and calls.
function workName(event) {
  const data = event.args?.data ?? event.args?.beginData ?? {};
  const file = (url) => (url ? path.basename(new URL(url, 'http://x').pathname) || url : '');
  switch (event.name) {
    case 'EvaluateScript':
    case 'v8.compile':
    case 'v8.compileModule':
    case 'v8.evaluateModule':
      return `${event.name} ${file(data.url ?? event.args?.fileName ?? event.args?.data?.fileName)}`.trim();
    case 'FunctionCall':
      return `FunctionCall ${file(data.url)}${data.functionName ? ` ${data.functionName}` : ''}`.trim();
    case 'TimerFire':
    case 'FireAnimationFrame':
    case 'EventDispatch':
      return `${event.name}${data.type ? ` ${data.type}` : ''}`;
    default:
      return event.name;
  }
}

// The page's renderer main thread: the one that parsed the page's HTML.
function mainThreadOf(events, pageUrl) {
  const parse = events.find(
    (e) => e.name === 'ParseHTML' && (e.args?.beginData?.url ?? '').startsWith(pageUrl),
  );
  if (!parse) throw new Error(`no ParseHTML of ${pageUrl} in the trace`);
  return { pid: parse.pid, tid: parse.tid };
}

// The self time of the events inside one task, by name: each event's duration less its children's.
function selfTimes(task, inside) {
  const self = new Map();
  const close = (node) => self.set(node.name, (self.get(node.name) ?? 0) + node.dur - node.children);
  const stack = [{ end: task.ts + task.dur, dur: task.dur, children: 0, name: 'the task itself' }];
  for (const event of inside) {
    while (stack.length > 1 && event.ts >= stack[stack.length - 1].end) close(stack.pop());
    stack[stack.length - 1].children += event.dur;
    stack.push({ end: event.ts + event.dur, dur: event.dur, children: 0, name: workName(event) });
  }
  while (stack.length) close(stack.pop());
  return self;
}

// Each top-level task of TRACE_LONG_MS or more on that thread, with what its time went to.
function longTasks(events, pageUrl) {
  const { pid, tid } = mainThreadOf(events, pageUrl);
  const onThread = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const start =
    events.find(
      (e) =>
        e.name === 'navigationStart' &&
        e.pid === pid &&
        (e.args?.data?.documentLoaderURL ?? '').startsWith(pageUrl),
    )?.ts ?? onThread[0].ts;
  const tasks = [];
  let end = -Infinity;
  for (const event of onThread) {
    if (event.name !== 'RunTask' || event.ts < end) continue;
    end = event.ts + event.dur;
    if (event.dur >= LONG_US) tasks.push(event);
  }
  return tasks.map((task) => {
    const inside = onThread.filter(
      (e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur,
    );
    return {
      at: (task.ts - start) / 1000,
      ms: task.dur / 1000,
      parts: [...selfTimes(task, inside).entries()]
        .filter(([, us]) => us >= 1000)
        .sort((x, y) => y[1] - x[1])
        .map(([name, us]) => ({ name, ms: us / 1000 })),
    };
  });
}

const server = await startLandingServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumFlags });
try {
  for (const page of PAGES) {
    for (let run = 1; run <= RUNS; run += 1) {
      // Lighthouse's mobile: a Moto G Power's screen, the CPU slowed, the network not.
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
      await browser.startTracing(tab, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'v8',
          'blink.user_timing',
          'loading',
          'toplevel',
          // The JavaScript profiler's samples, for the functions inside a script's long task.
          ...(PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : []),
        ],
      });
      // A page of this server, or a whole address (another build served elsewhere, to compare).
      const url = page.startsWith('http') ? page : `${server.url}${page}`;
      await tab.goto(url, { waitUntil: 'load' });
      await tab.waitForTimeout(SETTLE_MS);
      const trace = JSON.parse((await browser.stopTracing()).toString());
      if (SAVE) {
        mkdirSync(SAVE, { recursive: true });
        writeFileSync(path.join(SAVE, `${page.replaceAll('/', '_')}-${CPU}x-${run}.json`), JSON.stringify(trace));
      }
      await context.close();
      const tasks = longTasks(trace.traceEvents, url);
      // Blocking time as Lighthouse counts it (each task's time over 50 ms), at this slowdown, and
      // unthrottled also at the slowdowns its simulation would scale these tasks by (the whole
      // load, where Lighthouse stops at its time to interactive).
      const blocking = (scale) => tasks.reduce((sum, t) => sum + Math.max(0, t.ms * scale - 50), 0).toFixed(0);
      const scaled = CPU === 1 ? `; scaled 4x: ${blocking(4)} ms, 8x: ${blocking(8)} ms` : '';
      console.log(
        `${page} at ${CPU}x, run ${run}: ${tasks.length} tasks of ${LONG_MS} ms or more, ` +
          `${blocking(1)} ms over 50 ms in all${scaled}`,
      );
      // What all of them were made of together.
      const total = new Map();
      for (const part of tasks.flatMap((t) => t.parts)) total.set(part.name, (total.get(part.name) ?? 0) + part.ms);
      const top = [...total.entries()].sort((x, y) => y[1] - x[1]).slice(0, 8);
      console.log(`  in all: ${top.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(', ')}`);
      for (const task of tasks) {
        const parts = task.parts
          .slice(0, 5)
          .map((p) => `${p.name} ${p.ms.toFixed(0)}`)
          .join(', ');
        console.log(`  ${task.ms.toFixed(0).padStart(4)} ms at ${task.at.toFixed(0).padStart(5)} ms: ${parts}`);
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
