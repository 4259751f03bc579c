// @vitest-environment jsdom
import { describePage, type MeasuredMetric } from './payload';
import { reportVitals, type Observe } from './reporter';
import {
  fakeWebVitals,
  hidePage,
  METRIC_NAMES,
  pageHide,
  resetPage,
  restoreFromBfcache,
  showPage,
} from './testing';

afterEach(resetPage);

interface PageOptions {
  locale?: string;
  /** Changes web-vitals' stand-ins before they are registered. */
  wrap?: (observers: Observe[]) => Observe[];
}

/** A measured page view, in English on a phone unless told; `sent()` parses the beacons. */
function measuredPage({ locale = 'en', wrap = (observers) => observers }: PageOptions = {}) {
  const vitals = fakeWebVitals();
  const bodies: string[] = [];
  reportVitals(
    wrap(vitals.observers),
    () => describePage(locale, 390, { connection: { effectiveType: '4g' } }),
    (body) => bodies.push(body),
  );
  return {
    ...vitals,
    bodies,
    sent: () => bodies.map((body) => JSON.parse(body) as { metrics: MeasuredMetric[] }),
  };
}

test('asks web-vitals for every change of all five metrics', () => {
  const page = measuredPage();
  expect([...page.options.keys()]).toEqual(METRIC_NAMES);
  for (const options of page.options.values()) expect(options).toEqual({ reportAllChanges: true });
});

test('sends nothing while the page is visible', () => {
  const page = measuredPage();
  page.report('TTFB', 200);
  page.report('FCP', 900);
  expect(page.bodies).toEqual([]);
});

test('sends one beacon per page view, however often the page hides', () => {
  const page = measuredPage();
  page.report('TTFB', 200);
  hidePage();
  pageHide();
  showPage();
  page.report('INP', 300);
  hidePage();
  expect(page.bodies).toHaveLength(1);
});

test('sends on pagehide when a browser fires no visibilitychange first', () => {
  const page = measuredPage();
  page.report('TTFB', 200);
  pageHide();
  expect(page.bodies).toHaveLength(1);
});

test('batches every metric the page got into the one body', () => {
  const page = measuredPage();
  page.report('TTFB', 212.34);
  page.report('FCP', 980);
  page.report('LCP', 1234.5, { attribution: { target: '#banner-title' } });
  page.report('CLS', 0.12345, { attribution: { largestShiftTarget: 'section.cases' } });
  page.report('INP', 560, {
    attribution: { interactionTarget: 'button.header__burger', interactionType: 'pointer' },
  });
  hidePage();

  expect(page.sent()).toEqual([
    {
      v: 1,
      route: '/:locale',
      locale: 'en',
      device: 'mobile',
      effectiveType: '4g',
      metrics: [
        { name: 'TTFB', value: 212.3, rating: 'good', navigationType: 'navigate' },
        { name: 'FCP', value: 980, rating: 'good', navigationType: 'navigate' },
        {
          name: 'LCP',
          value: 1234.5,
          rating: 'good',
          navigationType: 'navigate',
          target: '#banner-title',
        },
        {
          name: 'CLS',
          value: 0.1235,
          rating: 'needs-improvement',
          navigationType: 'navigate',
          target: 'section.cases',
        },
        {
          name: 'INP',
          value: 560,
          rating: 'poor',
          navigationType: 'navigate',
          target: 'button.header__burger',
          interactionType: 'pointer',
        },
      ],
    },
  ]);
});

test('sends the final CLS and INP: later values replace earlier ones', () => {
  const page = measuredPage();
  page.report('CLS', 0.02);
  page.report('INP', 48, { attribution: { interactionTarget: 'a.first' } });
  page.report('CLS', 0.3, { attribution: { largestShiftTarget: 'div.late' } });
  page.report('INP', 320, { attribution: { interactionTarget: 'a.slow' } });
  hidePage();

  const [beacon] = page.sent();
  expect(beacon?.metrics).toEqual([
    { name: 'CLS', value: 0.3, rating: 'poor', navigationType: 'navigate', target: 'div.late' },
    {
      name: 'INP',
      value: 320,
      rating: 'needs-improvement',
      navigationType: 'navigate',
      target: 'a.slow',
    },
  ]);
});

test('waits for a first metric rather than send an empty beacon', () => {
  const page = measuredPage();
  hidePage();
  expect(page.bodies).toEqual([]);
  showPage();
  page.report('TTFB', 200);
  hidePage();
  expect(page.bodies).toHaveLength(1);
});

test('leaves out a metric whose latest value does not fit the contract', () => {
  const page = measuredPage();
  page.report('FCP', 900);
  page.report('CLS', 0.1);
  page.report('CLS', 12);
  hidePage();
  expect(page.sent()[0]?.metrics.map((m) => m.name)).toEqual(['FCP']);
});

test('sends nothing for a locale the report does not know', () => {
  const page = measuredPage({ locale: 'de' });
  page.report('FCP', 900);
  hidePage();
  expect(page.bodies).toEqual([]);
});

test('a page restored from the back/forward cache is a new page view with a beacon of its own', () => {
  // Like web-vitals' onTTFB: on a restore it reports the new view's TTFB (0) inside its own
  // capturing pageshow listener, registered when the metric is observed.
  const restoring =
    (observe: Observe): Observe =>
    (report, options) => {
      observe(report, options);
      window.addEventListener(
        'pageshow',
        (event) => {
          if (!event.persisted) return;
          report({ name: 'TTFB', value: 0, navigationType: 'back-forward-cache' });
        },
        true,
      );
    };
  const page = measuredPage({
    wrap: (observers) =>
      observers.map((observe, i) => (METRIC_NAMES[i] === 'TTFB' ? restoring(observe) : observe)),
  });

  page.report('TTFB', 200);
  page.report('LCP', 1500);
  hidePage();
  pageHide(true);
  restoreFromBfcache();
  page.report('LCP', 40, { navigationType: 'back-forward-cache' });
  hidePage();

  expect(page.sent().map((beacon) => beacon.metrics)).toEqual([
    [
      { name: 'TTFB', value: 200, rating: 'good', navigationType: 'navigate' },
      { name: 'LCP', value: 1500, rating: 'good', navigationType: 'navigate' },
    ],
    [
      { name: 'TTFB', value: 0, rating: 'good', navigationType: 'back-forward-cache' },
      { name: 'LCP', value: 40, rating: 'good', navigationType: 'back-forward-cache' },
    ],
  ]);
});
