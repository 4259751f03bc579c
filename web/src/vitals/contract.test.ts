// The beacon contract (contract/vitals-beacon.json) read the way the server will read it: its
// examples must say what they claim, and what the page builds must pass.
import {
  CLSThresholds,
  FCPThresholds,
  INPThresholds,
  LCPThresholds,
  TTFBThresholds,
} from 'web-vitals/attribution';
import contract from '../../../contract/vitals-beacon.json';
import leadSource from '../../../contract/lead-source.json';
import { readSource } from '../source/capture';
import { beaconBody, describePage, ROUTE, toBeaconMetric, type BeaconMetric } from './payload';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isOneOf = (list: readonly unknown[], value: unknown) => list.includes(value);
// A control, a bidi control or a line break: the server refuses a selector holding one.
const UNREADABLE = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;
const FIELDS = ['v', 'route', 'locale', 'device', 'effectiveType', 'metrics', 'source'];
const SOURCE_FIELDS = ['utm_source', 'referrer'];
const METRIC_FIELDS = ['name', 'value', 'rating', 'navigationType'];

function rating(value: number, [good = 0, poor = 0]: readonly number[]) {
  if (value > poor) return 'poor';
  return value > good ? 'needs-improvement' : 'good';
}

function metricProblems(metric: unknown): string[] {
  if (!isObject(metric)) return ['a metric is not an object'];
  const { name, value, target, interactionType } = metric;
  if (typeof name !== 'string' || !Object.hasOwn(contract.metrics, name)) return [`name ${name}`];
  const rule = contract.metrics[name as keyof typeof contract.metrics];
  const out: string[] = [];
  const known: readonly string[] = [...METRIC_FIELDS, ...rule.attribution];
  for (const key of Object.keys(metric)) if (!known.includes(key)) out.push(`${name}.${key}`);
  const scale = 10 ** rule.decimals;
  if (typeof value !== 'number' || !(value >= rule.min && value <= rule.max)) {
    out.push(`${name} value ${value} out of range`);
  } else {
    if (Math.round(value * scale) / scale !== value) out.push(`${name} decimals`);
    if (metric.rating !== rating(value, rule.thresholds)) out.push(`${name} rating`);
  }
  if (!isOneOf(contract.navigationTypes, metric.navigationType)) out.push(`${name} navigation`);
  if (target !== undefined) {
    const length = typeof target === 'string' ? [...target].length : 0;
    if (length < 1 || length > contract.maxSelectorLength) out.push(`${name} target length`);
    if (typeof target === 'string' && UNREADABLE.test(target))
      out.push(`${name} target unreadable`);
  }
  if (interactionType !== undefined && !isOneOf(contract.interactionTypes, interactionType)) {
    out.push(`${name} interactionType`);
  }
  return out;
}

// The arrival's source, by the rules of lead-source.json for the two fields it may hold.
function sourceProblems(source: unknown): string[] {
  if (!isObject(source)) return ['source is not an object'];
  const out = Object.keys(source)
    .filter((key) => !SOURCE_FIELDS.includes(key))
    .map((key) => `source.${key}`);
  const { utm_source: tag, referrer } = source;
  if (tag !== undefined) {
    const length = typeof tag === 'string' ? [...tag].length : 0;
    if (length < 1 || length > leadSource.maxValueLength) out.push('source.utm_source length');
  }
  if (referrer !== undefined && !(typeof referrer === 'string' && /^[a-z\d.-]+$/.test(referrer))) {
    out.push('source.referrer');
  }
  return out;
}

/** What a server following the contract would refuse in a payload; empty when it is valid. */
function problems(payload: unknown): string[] {
  if (!isObject(payload)) return ['not an object'];
  const out = Object.keys(payload)
    .filter((key) => !FIELDS.includes(key))
    .map((key) => `unknown field ${key}`);
  if (payload.v !== contract.v) out.push('version');
  if (!isOneOf(contract.routes, payload.route)) out.push('route');
  if (!isOneOf(contract.locales, payload.locale)) out.push('locale');
  if (!isOneOf(contract.devices, payload.device)) out.push('device');
  if ('effectiveType' in payload && !isOneOf(contract.effectiveTypes, payload.effectiveType)) {
    out.push('effectiveType');
  }
  if ('source' in payload) out.push(...sourceProblems(payload.source));
  const { metrics } = payload;
  if (!Array.isArray(metrics) || metrics.length < 1 || metrics.length > 5) return [...out, 'count'];
  const names = metrics.map((metric: unknown) => (isObject(metric) ? metric.name : undefined));
  if (new Set(names).size !== names.length) out.push('a metric twice');
  out.push(...metrics.flatMap(metricProblems));
  const bytes = new TextEncoder().encode(JSON.stringify(payload)).length;
  if (bytes > contract.maxBodyBytes) out.push('too large');
  return out;
}

test('names the page its endpoint, its route and its devices', () => {
  expect(contract.endpoint).toBe('/api/vitals');
  expect(contract.routes).toEqual([ROUTE]);
  expect(contract.devices).toEqual(['mobile', 'desktop']);
  expect(contract.maxBodyBytes).toBe(8192);
});

test("rates with web-vitals' own thresholds", () => {
  const { metrics } = contract;
  expect(metrics.LCP.thresholds).toEqual(LCPThresholds);
  expect(metrics.INP.thresholds).toEqual(INPThresholds);
  expect(metrics.CLS.thresholds).toEqual(CLSThresholds);
  expect(metrics.FCP.thresholds).toEqual(FCPThresholds);
  expect(metrics.TTFB.thresholds).toEqual(TTFBThresholds);
});

test.each(contract.examples.valid.map((e) => [e.title, e.payload] as const))(
  'valid: %s',
  (_title, payload) => {
    expect(problems(payload)).toEqual([]);
  },
);

test.each(contract.examples.invalid.map((e) => [e.title, e.payload] as const))(
  'invalid (for one reason): %s',
  (_title, payload) => {
    expect(problems(payload)).toHaveLength(1);
  },
);

test("what the page builds passes, on an arrival from the contract's ad click too", () => {
  const [ad] = leadSource.capture;
  if (!ad) throw new Error('no capture case');
  const { utm_source, referrer } = readSource(ad);
  const arrival = describePage('ru', 1440, {}, { utm_source, referrer });
  if (!arrival) throw new Error('no page');
  const metric = toBeaconMetric({ name: 'TTFB', value: 212, navigationType: 'navigate' });
  if (!metric) throw new Error('no metric');
  expect(JSON.parse(beaconBody(arrival, [metric]))).toMatchObject({
    source: { utm_source: 'Google', referrer: 'www.google.com' },
  });
  expect(problems(JSON.parse(beaconBody(arrival, [metric])))).toEqual([]);

  const page = describePage('ru', 1440, { connection: { effectiveType: '4g' } });
  if (!page) throw new Error('no page');
  const measured = [
    { name: 'TTFB', value: 212.3456, navigationType: 'navigate' },
    { name: 'FCP', value: 1799.96, navigationType: 'navigate' },
    { name: 'LCP', value: 4000.04, navigationType: 'reload', attribution: { target: '#hero' } },
    { name: 'CLS', value: 0.10004, navigationType: 'prerender', attribution: {} },
    {
      name: 'INP',
      value: 199.96,
      navigationType: 'back-forward-cache',
      attribution: { interactionTarget: 'a'.repeat(500), interactionType: 'keyboard' },
    },
  ];
  const metrics = measured
    .map(toBeaconMetric)
    .filter((metric): metric is BeaconMetric => metric !== null);
  expect(metrics).toHaveLength(5);
  expect(problems(JSON.parse(beaconBody(page, metrics)))).toEqual([]);
});
