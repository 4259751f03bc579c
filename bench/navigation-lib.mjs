// What bench/navigation.mjs measures with, and Chromium's own floor for its docs figure.
import http from 'node:http';
import { TabTarget } from '../e2e/support/tab-target.mjs';

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// Runs in every document before its own scripts: notes clicks, when the contact form is in view
// and not under the intro, and the largest contentful paint (never before the page was shown).
export function watch() {
  const now = () => performance.timeOrigin + performance.now();
  const note = (key, value) => sessionStorage.setItem(`bench.${key}`, String(value));
  document.addEventListener('click', () => note('click', now()), true);
  const formInView = () => {
    const heading = document.querySelector('#contact h2');
    const intro = document.querySelector('[data-testid="preloader"]');
    const covered = intro?.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    const box = heading?.getBoundingClientRect();
    const seen = box && box.height > 0 && box.top >= 0 && box.bottom <= innerHeight;
    if (!document.prerendering && seen && !covered) note('form', now());
    else if (performance.now() < 60_000) requestAnimationFrame(formInView);
  };
  if (location.hash === '#contact') requestAnimationFrame(formInView);
  new PerformanceObserver((list) => {
    const [navigation] = performance.getEntriesByType('navigation');
    const shown = navigation?.activationStart ?? 0;
    for (const entry of list.getEntries())
      note('lcp', performance.timeOrigin + Math.max(entry.startTime, shown));
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}


/**
 * Rests the pointer on `selector` until `ahead` (a count of pages asked for ahead of the visitor)
 * has grown, then gives the prerender time to load.
 */
export async function hoverUntilPrepared(tab, selector, ahead) {
  const before = await ahead();
  await tab.hover(selector);
  await tab.until(async () => (await ahead()) > before, 'the page asked for ahead', 20_000);
  await new Promise((resolve) => setTimeout(resolve, 1500)); // its prerender's own loading
}

const FLOOR_TRANSITION = '<style>@view-transition { navigation: auto }</style>';
const floorPages = (transition) => ({
  '/': `<!doctype html><html><head>${transition ? FLOOR_TRANSITION : ''}<script type="speculationrules">{"prerender": [{"where": {"href_matches": "/next"}, "eagerness": "moderate"}]}</script></head><body><a id="next" href="/next" style="display: block; font-size: 40px">Learn more</a></body></html>`,
  '/next': `<!doctype html><html><head>${transition ? FLOOR_TRANSITION : ''}</head><body><h1>A docs page</h1><p>${'Words of an article. '.repeat(60)}</p></body></html>`,
});

/**
 * What Chromium itself takes on this machine from the click to the largest paint of a page it
 * has prerendered, with nothing of ours in it: two static pages (a link, a heading and a
 * paragraph), served by Node, driven as the docs journey is. With `transition`, both opt in to
 * the cross-document view transition, at the browser's own duration.
 */
export async function floor({ runs, cpu, transition }) {
  const pages = floorPages(transition);
  let ahead = 0;
  const server = http
    .createServer((request, response) => {
      if (request.headers['sec-purpose']) ahead += 1;
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(pages[request.url] ?? '');
    })
    .listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  const times = [];
  try {
    for (let i = 0; i < runs; i += 1) {
      const tab = await TabTarget.launch({ width: 500, height: 812, cpu });
      try {
        await tab.goto(`${url}/`);
        await hoverUntilPrepared(tab, '#next', async () => ahead);
        await tab.evaluateEverywhere(`(${watch})()`);
        await tab.click();
        const shown = async () => (await tab.evaluate('location.pathname')) === '/next';
        await tab.until(shown, 'the next page', 20_000);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const read = (key) => tab.evaluate(`Number(sessionStorage.getItem('bench.${key}'))`);
        times.push((await read('lcp')) - (await read('click')));
      } finally {
        await tab.close();
      }
    }
  } finally {
    server.close();
  }
  return times;
}
