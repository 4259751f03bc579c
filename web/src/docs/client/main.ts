import './docs.css';
// A docs page's only script, loaded as a module after the page is parsed: it keeps the first
// touch of the visit (so a lead sent after reading a docs page names it as its landing page),
// records the page in the docs store, and wires the share button and the search field (whose
// index loads on its first focus). No React: the page is already whole without it.
import { captureSource } from '../../source/session';
import { wireSearch } from './search';
import { wireShare } from './share';
import { countShare, readPlace, rememberPlace } from './store';

// The page sends no beacon, so the visit is counted by the next page that does (the landing).
captureSource({ locale: document.documentElement.lang, reportsArrival: false });
const place = readPlace(document.querySelector<HTMLElement>('main'));
if (place) rememberPlace(place);
wireShare(document.querySelector<HTMLElement>('[data-share]'), {
  navigator,
  url: () => location.href.split('#')[0] ?? location.href,
  title: () => document.title,
  onShared: () => countShare(),
});
wireSearch(document.querySelector<HTMLElement>('[data-search]'));
