// From a click to what the visitor came for, between the landing and the docs (issue 49), in
// Chromium with the CPU slowed 4x as Lighthouse's mobile profile does (the network is the
// loopback's), on pages served by landing-server. Median of NAV_RUNS runs, each in a new
// browser (a new tab session), driven through the tab target so that Chromium prerenders as it
// does for a visitor (e2e/support/tab-target.mjs says why Playwright cannot):
// - a docs page's call to action → the contact form in view, on the tab session's first landing
//   (the intro plays: what every landing did before issue 49) and on a later one, which the
//   speculation rules prerender while the visitor's pointer rests on the button;
// - a case's "Learn more" on the landing, hovered first → the docs page's largest contentful
//   paint, shown from its prerender.
// Times are the browser's own: the click and the moment are read on the pages' shared clock
// (performance.timeOrigin + performance.now()), noted in sessionStorage, which outlives the
// navigation between them.
//
//   node bench/navigation.mjs          NAV_RUNS=5  NAV_CPU=4
import { TabTarget } from '../e2e/support/tab-target.mjs';
import { replaceBlock } from './doc-block.mjs';
import { startLandingServer } from './landing-server.mjs';
import { floor, hoverUntilPrepared, median, watch } from './navigation-lib.mjs';

const RUNS = Number(process.env.NAV_RUNS ?? 5);
const CPU = Number(process.env.NAV_CPU ?? 4);
// The goals: a later landing's form in view, and a prerendered docs page's largest
// paint, within these of the click.
const FORM_GOAL_MS = 300;
const DOCS_GOAL_MS = 100;
const DOCS = '/en/docs/cases/aurelia';
const LEARN_MORE = `#cases a.case-card__more[href="${DOCS}"]`;

const NO_TRANSITION = `document.head.insertAdjacentHTML('beforeend', '<style>@view-transition { navigation: none }</style>')`;

/** Rests the pointer on `selector` until the server has answered a page asked for ahead. */
/** Site requests landing-server answered ahead of the visitor (a prefetch or a prerender). */
const askedAhead = (site) => async () => {
  const text = await (await fetch(`${site.url}/metrics`)).text();
  return Number(/^landing_site_requests_ahead_total (\d+)/m.exec(text)?.[1] ?? 0);
};

async function run(site, journey) {
  // Headless Chromium's narrowest window, a phone's layout all the same (the page's first
  // breakpoint is 720 px). The first landing's journey has the watch in every document from its
  // start; a prerendered page cannot be shown when given one (e2e/support/tab-target.mjs), so
  // the other two put it in the pages there are just before the click.
  const tab = await TabTarget.launch({
    width: 500,
    height: 812,
    cpu: CPU,
    initScript: journey === 'first' ? `(${watch})()` : undefined,
  });
  const watchNow = () => tab.evaluateEverywhere(`(${watch})()`);
  const read = (key) => tab.evaluate(`Number(sessionStorage.getItem('bench.${key}'))`);
  const waitFor = async (key) => {
    await tab.until(async () => (await read(key)) > 0, key, 30_000);
    return read(key);
  };
  const shows = (pathname) =>
    tab.until(async () => (await tab.evaluate('location.pathname')) === pathname, pathname, 30_000);
  try {
    if (journey !== 'first') {
      await tab.goto(`${site.url}/en`);
      await tab.until(
        async () =>
          !(await tab.evaluate(`document.documentElement.classList.contains('preloading')`)),
        'the intro has gone',
        30_000,
      );
    }
    if (journey.startsWith('docs')) {
      await hoverUntilPrepared(tab, LEARN_MORE, askedAhead(site));
      await watchNow();
      // As under reduced motion: the page the click leaves opts out, so no transition runs.
      if (journey === 'docs-still') await tab.evaluate(NO_TRANSITION);
      await tab.click();
      await shows(DOCS);
      await new Promise((resolve) => setTimeout(resolve, 2000)); // the last LCP candidate
      return (await waitFor('lcp')) - (await read('click'));
    }
    await tab.goto(`${site.url}${DOCS}`);
    if (journey === 'later') {
      await hoverUntilPrepared(tab, '.docs-cta__button', askedAhead(site));
      await watchNow();
    } else {
      await tab.hover('.docs-cta__button');
    }
    await tab.click();
    await shows('/en');
    return (await waitFor('form')) - (await read('click'));
  } finally {
    await tab.close();
  }
}

const site = await startLandingServer();
const rows = [];
try {
  for (const [journey, label] of [
    ['first', "call to action → form in view, the tab session's first landing (intro)"],
    ['later', 'call to action → form in view, a later landing (prerendered)'],
    ['docs', "a case's Learn more → the docs page's largest paint (prerendered)"],
    ['docs-still', 'the same, with no view transition (as under reduced motion)'],
  ]) {
    const times = [];
    for (let i = 0; i < RUNS; i += 1) times.push(await run(site, journey));
    record(journey, label, times);
  }
  // Chromium's own floor on this machine: a static two-page site, the same moves.
  for (const [transition, label] of [
    [false, 'the floor: a two-element static page, prerendered, no transition'],
    [true, 'the floor, with the cross-fade'],
  ]) {
    record(`floor-${transition}`, label, await floor({ runs: RUNS, cpu: CPU, transition }));
  }
} finally {
  await site.stop();
}

function record(journey, label, times) {
  rows.push({ journey, label, times, median: median(times) });
  console.log(`${label}: median ${median(times).toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')})`);
}

replaceBlock(
  'navigation',
  [
    '## Between the landing and the docs',
    '',
    `Median of ${RUNS} runs (${new Date().toISOString().slice(0, 10)}, two cores), each a new tab session, ` +
      `Chromium at ${CPU}x CPU, 500 px (headless Chromium's narrowest window), pages from landing-server on the loopback (\`bench/navigation.mjs\`): ` +
      'from the click to what the visitor came for, on the browser\'s own clock.',
    '',
    '| from the click | median ms | runs |',
    '| --- | --- | --- |',
    ...rows.map((r) => `| ${r.label} | ${r.median.toFixed(0)} | ${r.times.map((t) => t.toFixed(0)).join(', ')} |`),
    '',
    `The goals: a later landing's form in view within ${FORM_GOAL_MS} ms of the click, a prerendered docs page's largest paint within ${DOCS_GOAL_MS} ms; the bench fails when a median is over its goal. ` +
      "The last two rows are no page of ours: two static pages served by Node (`bench/navigation-lib.mjs`), what this Chromium takes by itself.",
  ].join('\n'),
);
const failures = [
  ['later', FORM_GOAL_MS, "a later landing's form came into view"],
  ['docs', DOCS_GOAL_MS, "a prerendered docs page's largest paint came"],
].filter(([journey, goal]) => !(rows.find((r) => r.journey === journey).median <= goal));
for (const [journey, goal, what] of failures) {
  const { median: took } = rows.find((r) => r.journey === journey);
  console.error(`FAILED ${what} ${took.toFixed(0)} ms after the click, over ${goal} ms`);
}
if (failures.length) process.exit(1);
