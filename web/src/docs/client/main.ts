import './docs.css';
// A docs page's only script, loaded as a module after the page is parsed: it keeps the first
// touch of the visit (so a lead sent after reading a docs page names it as its landing page),
// notes the visit's funnel steps, records the page in the docs store, and wires the share button
// and the search field (whose index loads on its first focus). No React: the page is already
// whole without it.
import { startFunnel } from '../../funnel/beacon';
import { noteStep } from '../../funnel/steps';
import { wasPrerendered, whenActivated } from '../../lib/activation';
import { afterFirstPaint } from '../../lib/firstPaint';
import { markIntroSeen } from '../../lib/introOnce';
import { captureSource } from '../../source/session';
import { wireSearch } from './search';
import { wireShare } from './share';
import { countShare, readPlace, rememberPlace } from './store';

// What counts the visit waits until the visitor is shown the page: a page prerendered ahead of
// a click and never shown counts nothing (lib/activation.ts). Shown from its prerender, it
// waits for the page's first frame as well: run at activation it came first, and the frame
// 38 ms later (Chromium's trace; bench/navigation.mjs: 364 ms from the click to the largest
// paint before, 258 after, with the cross-fade).
whenActivated(() => (wasPrerendered() ? afterFirstPaint(countTheVisit) : countTheVisit()));

function countTheVisit() {
  // The page measures no Web Vitals, so the arrival's source goes with the next page that does
  // (the landing page's vitals beacon).
  captureSource({ locale: document.documentElement.lang, reportsArrival: false });
  // The funnel counts a docs page as an arrival too (once a tab session, whichever page came
  // first) and as read; its beacon goes when the page is hidden.
  startFunnel(() => document.documentElement.lang);
  noteStep('arrived');
  noteStep('docs');
  const place = readPlace(document.querySelector<HTMLElement>('main'));
  if (place) rememberPlace(place);
}
// A landing page is prerendered from here only once the tab has had its intro (lib/introOnce.ts).
markIntroSeen();
wireShare(document.querySelector<HTMLElement>('[data-share]'), {
  navigator,
  url: () => location.href.split('#')[0] ?? location.href,
  title: () => document.title,
  onShared: () => countShare(),
});
wireSearch(document.querySelector<HTMLElement>('[data-search]'));
