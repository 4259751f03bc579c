import {
  maxBodyBytes,
  maxSelectorLength,
  metrics as rules,
} from '../../../contract/vitals-beacon.json';
import { maxValueLength } from '../../../contract/lead-source.json';
import { DESKTOP_MIN_WIDTH } from '../lib/constants';
import { beaconBody, cleanSelector, describePage, toBeaconMetric } from './payload';

describe('the page view', () => {
  test('carries the route pattern and the locale, never the path', () => {
    expect(describePage('ru', 390, {})).toEqual({
      route: '/:locale',
      locale: 'ru',
      device: 'mobile',
    });
  });

  test('is mobile below the desktop breakpoint and desktop from it on', () => {
    expect(describePage('en', DESKTOP_MIN_WIDTH - 1, {})?.device).toBe('mobile');
    expect(describePage('en', DESKTOP_MIN_WIDTH, {})?.device).toBe('desktop');
  });

  test("carries the connection's effective type where the browser has it", () => {
    expect(describePage('en', 390, { connection: { effectiveType: '3g' } })?.effectiveType).toBe(
      '3g',
    );
    expect(describePage('en', 390, {})).not.toHaveProperty('effectiveType');
    expect(describePage('en', 390, { connection: {} })).not.toHaveProperty('effectiveType');
    expect(describePage('en', 390, { connection: { effectiveType: '5g' } })).not.toHaveProperty(
      'effectiveType',
    );
  });

  test("carries the arrival's source when given, and no source field otherwise", () => {
    const source = { utm_source: 'telegram', referrer: 't.me' };
    expect(describePage('en', 390, {}, source)?.source).toEqual(source);
    expect(describePage('en', 390, {})).not.toHaveProperty('source');
  });

  test('is not described for a locale the report does not know', () => {
    expect(describePage('de', 390, {})).toBeNull();
  });
});

describe('selectors', () => {
  test('keep a short one as it is', () => {
    expect(cleanSelector('#banner-title')).toBe('#banner-title');
  });

  test('lose control and format characters, line breaks and lone surrogates', () => {
    expect(cleanSelector('div.a\u0000\u001f\u007f\u0085b')).toBe('div.ab');
    expect(cleanSelector('#a\u2028b\u2029c\nd')).toBe('#abcd');
    expect(cleanSelector('#\u202eevil\u200b\ufeff')).toBe('#evil');
    expect(cleanSelector('#x\ud800y\udc00')).toBe('#xy');
  });

  test(`are cut to ${maxSelectorLength} code points, keeping the end that names the element`, () => {
    const long = `${'div.wrapper>'.repeat(30)}button#send`;
    const cut = cleanSelector(long);
    expect([...(cut ?? '')]).toHaveLength(maxSelectorLength);
    expect(cut?.endsWith('>button#send')).toBe(true);
    expect([...(cleanSelector('#' + '😀'.repeat(300)) ?? '')]).toHaveLength(maxSelectorLength);
  });

  test('are left out when nothing printable is left', () => {
    expect(cleanSelector('')).toBeUndefined();
    expect(cleanSelector('\u0000\u200b')).toBeUndefined();
    expect(cleanSelector(undefined)).toBeUndefined();
  });
});

describe('a metric', () => {
  test('carries the LCP element, the INP target and type, the largest shift target', () => {
    const lcp = { navigationType: 'navigate', attribution: { target: 'img#hero' } };
    expect(toBeaconMetric({ name: 'LCP', value: 1, ...lcp })?.target).toBe('img#hero');
    expect(
      toBeaconMetric({
        name: 'INP',
        value: 90,
        navigationType: 'navigate',
        attribution: { interactionTarget: 'a.menu', interactionType: 'keyboard' },
      }),
    ).toMatchObject({ target: 'a.menu', interactionType: 'keyboard' });
    expect(
      toBeaconMetric({
        name: 'CLS',
        value: 0,
        navigationType: 'reload',
        attribution: { largestShiftTarget: 'footer' },
      }),
    ).toMatchObject({ target: 'footer', navigationType: 'reload' });
  });

  test('carries no element for FCP and TTFB, and no interaction type it does not know', () => {
    const attribution = { target: 'x', interactionTarget: 'y', interactionType: 'pointer' };
    for (const name of ['FCP', 'TTFB']) {
      expect(toBeaconMetric({ name, value: 100, navigationType: 'navigate', attribution })).toEqual(
        {
          name,
          value: 100,
          rating: 'good',
          navigationType: 'navigate',
        },
      );
    }
    const inp = { name: 'INP', value: 90, navigationType: 'navigate' };
    const scroll = toBeaconMetric({ ...inp, attribution: { interactionType: 'scroll' } });
    expect(scroll).not.toHaveProperty('interactionType');
  });

  test('is rounded (0.1 ms, CLS to 4 places) and rated after rounding', () => {
    const lcp = toBeaconMetric({ name: 'LCP', value: 2500.04, navigationType: 'navigate' });
    expect(lcp).toMatchObject({ value: 2500, rating: 'good' });
    const cls = toBeaconMetric({ name: 'CLS', value: 0.250049, navigationType: 'navigate' });
    expect(cls).toMatchObject({ value: 0.25, rating: 'needs-improvement' });
    const ttfb = toBeaconMetric({ name: 'TTFB', value: 1800.06, navigationType: 'navigate' });
    expect(ttfb).toMatchObject({ value: 1800.1, rating: 'poor' });
  });

  test('is left out when it does not fit the contract', () => {
    expect(toBeaconMetric({ name: 'FID', value: 10, navigationType: 'navigate' })).toBeNull();
    expect(toBeaconMetric({ name: 'toString', value: 10, navigationType: 'navigate' })).toBeNull();
    expect(toBeaconMetric({ name: 'LCP', value: -1, navigationType: 'navigate' })).toBeNull();
    expect(toBeaconMetric({ name: 'LCP', value: NaN, navigationType: 'navigate' })).toBeNull();
    expect(toBeaconMetric({ name: 'CLS', value: 11, navigationType: 'navigate' })).toBeNull();
    expect(
      toBeaconMetric({ name: 'LCP', value: 10, navigationType: 'soft-navigation' }),
    ).toBeNull();
    expect(toBeaconMetric({ name: 'LCP', value: 10 })).toBeNull();
  });
});

test('the largest possible body stays under the limit', () => {
  // Three targets of the longest selector in four-byte characters, every metric at its longest,
  // and an arrival with the longest tag and host.
  const worst = '😀'.repeat(maxSelectorLength);
  const metrics = Object.keys(rules).map((name) => {
    const metric = toBeaconMetric({
      name,
      value: 123456.7,
      navigationType: 'back-forward-cache',
      attribution: {
        target: worst,
        interactionTarget: worst,
        largestShiftTarget: worst,
        interactionType: 'keyboard',
      },
    });
    return metric ?? { name, value: 9.9999, rating: 'poor' as const, navigationType: 'prerender' };
  });
  const source = { utm_source: '😀'.repeat(maxValueLength), referrer: 'a'.repeat(253) };
  const page = describePage('en', 390, { connection: { effectiveType: 'slow-2g' } }, source);
  if (!page) throw new Error('no page');
  const bytes = new TextEncoder().encode(beaconBody(page, metrics)).length;
  expect(bytes).toBeLessThan(maxBodyBytes * 0.75);
});
