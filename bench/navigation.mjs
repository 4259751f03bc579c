// From a click to what the visitor came for, between the landing and the docs (issue 49), in
// Chromium with the CPU slowed 4x as Lighthouse's mobile profile does (the network is the
// loopback's), on pages served by landing-server. Median of NAV_RUNS runs, each in a new
// context (a new tab session):
// - a docs page's call to action → the contact form in view, on the tab session's first landing
//   (the intro plays: what every landing did before issue 49) and on a later one;
// - a case's "Learn more" on the landing → the docs page's largest contentful paint.
// Times are the browser's own: the click and the moment are read on the pages' shared clock
// (performance.timeOrigin + performance.now()), noted in sessionStorage, which outlives the
// navigation between them.
//
//   node bench/navigation.mjs          NAV_RUNS=5  NAV_CPU=4
import { chromium } from '../e2e/node_modules/playwright-core/index.mjs';
import chromiumFlags from '../scripts/chromium-flags.json' with { type: 'json' };
import { replaceBlock } from './doc-block.mjs';
import { startLandingServer } from './landing-server.mjs';

const RUNS = Number(process.env.NAV_RUNS ?? 5);
const CPU = Number(process.env.NAV_CPU ?? 4);
// The goal the issue sets for a later landing: the form in view within this of the click.
const FORM_GOAL_MS = 300;
const DOCS = '/en/docs/cases/aurelia';

// Runs in every document before its own scripts: notes clicks, when the contact form is in view
// and not under the intro, and the largest contentful paint.
function watch() {
  const now = () => performance.timeOrigin + performance.now();
  const note = (key, value) => sessionStorage.setItem(`bench.${key}`, String(value));
  document.addEventListener('click', () => note('click', now()), true);
  const formInView = () => {
    const heading = document.querySelector('#contact h2');
    const intro = document.querySelector('[data-testid="preloader"]');
    const covered = intro?.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    const box = heading?.getBoundingClientRect();
    if (box && box.height > 0 && box.top >= 0 && box.bottom <= innerHeight && !covered) {
      note('form', now());
    } else if (performance.now() < 15_000) {
      requestAnimationFrame(formInView);
    }
  };
  if (location.hash === '#contact') requestAnimationFrame(formInView);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) note('lcp', performance.timeOrigin + entry.startTime);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function run(browser, site, journey) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.addInitScript(watch);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  const read = (key) => page.evaluate((k) => Number(sessionStorage.getItem(`bench.${k}`)), key);
  const waitFor = async (key) => {
    for (let i = 0; i < 300 && !(await read(key)); i += 1) await page.waitForTimeout(50);
    return read(key);
  };
  const introGone = () =>
    page.waitForFunction(() => !document.documentElement.classList.contains('preloading'), null, {
      timeout: 20_000,
    });
  try {
    if (journey === 'later' || journey === 'docs') {
      await page.goto(`${site.url}/en`);
      await introGone();
    }
    if (journey === 'docs') {
      await page.waitForLoadState('load');
      await page.locator(`#cases a[href="${DOCS}"]`).first().click();
      await page.waitForURL(`**${DOCS}`);
      await page.waitForTimeout(2000); // the last LCP candidate
      return (await read('lcp')) - (await read('click'));
    }
    await page.goto(`${site.url}${DOCS}`);
    await page.waitForLoadState('load');
    await page.click('.docs-cta__button');
    return (await waitFor('form')) - (await read('click'));
  } finally {
    await context.close();
  }
}

const site = await startLandingServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumFlags });
const rows = [];
try {
  for (const [journey, label] of [
    ['first', "call to action → form in view, the tab session's first landing (intro)"],
    ['later', 'call to action → form in view, a later landing'],
    ['docs', "a case's Learn more → the docs page's largest paint"],
  ]) {
    const times = [];
    for (let i = 0; i < RUNS; i += 1) times.push(await run(browser, site, journey));
    rows.push({ journey, label, times, median: median(times) });
    console.log(`${label}: median ${median(times).toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')})`);
  }
} finally {
  await browser.close();
  await site.stop();
}

replaceBlock(
  'navigation',
  [
    '## Between the landing and the docs',
    '',
    `Median of ${RUNS} runs (${new Date().toISOString().slice(0, 10)}, two cores), each a new tab session, ` +
      `Chromium at ${CPU}x CPU, 375 px, pages from landing-server on the loopback (\`bench/navigation.mjs\`): ` +
      'from the click to what the visitor came for, on the browser\'s own clock.',
    '',
    '| from the click | median ms | runs |',
    '| --- | --- | --- |',
    ...rows.map((r) => `| ${r.label} | ${r.median.toFixed(0)} | ${r.times.map((t) => t.toFixed(0)).join(', ')} |`),
    '',
    `The goal: a later landing's form in view within ${FORM_GOAL_MS} ms of the click; the bench fails when the median is over it.`,
  ].join('\n'),
);
const later = rows.find((r) => r.journey === 'later');
if (!(later.median <= FORM_GOAL_MS)) {
  console.error(`FAILED a later landing's form came into view ${later.median.toFixed(0)} ms after the click, over ${FORM_GOAL_MS} ms`);
  process.exit(1);
}
