// The beacon's shape, from the contract the server validates against (contract/vitals-beacon.json).
import {
  effectiveTypes,
  interactionTypes,
  locales,
  maxSelectorLength,
  metrics as metricRules,
  navigationTypes,
  v as version,
} from '../../../contract/vitals-beacon.json';
import { DESKTOP_MIN_WIDTH } from '../lib/constants';
import type { ArrivalSource } from '../source/session';

/** The page's one route once LocaleGuard has settled the locale (App.tsx's `/:locale?`). */
export const ROUTE = '/:locale';

/** What the page reads from a web-vitals report: its attribution build's metric, narrowed. */
export interface MeasuredMetric {
  name: string;
  value: number;
  navigationType?: string;
  /** Each metric's own attribution; FCP's and TTFB's name no element, so this is loose. */
  attribution?: object;
}

/** The attribution fields the beacon carries (web-vitals' names). */
interface Attribution {
  target?: unknown;
  interactionTarget?: unknown;
  interactionType?: unknown;
  largestShiftTarget?: unknown;
}

export type Rating = 'good' | 'needs-improvement' | 'poor';

export interface BeaconMetric {
  name: string;
  value: number;
  rating: Rating;
  navigationType: string;
  target?: string;
  interactionType?: string;
}

/** Who is measured, as coarsely as the report needs: no URL, no identifier. */
export interface PageFacts {
  route: string;
  locale: string;
  device: 'mobile' | 'desktop';
  effectiveType?: string;
  /** On the tab session's first page view only: the visit's source, counted by its class. */
  source?: ArrivalSource;
}

// web-vitals names each metric's culprit element in a field of its own.
const TARGET_FIELDS: Record<string, 'target' | 'interactionTarget' | 'largestShiftTarget'> = {
  LCP: 'target',
  INP: 'interactionTarget',
  CLS: 'largestShiftTarget',
};

const isOneOf = (list: readonly string[], value: unknown): value is string =>
  typeof value === 'string' && list.includes(value);

/** The page view's facts, or null for a locale the report does not know. */
export function describePage(
  locale: string,
  width: number,
  nav: object,
  source?: ArrivalSource,
): PageFacts | null {
  if (!isOneOf(locales, locale)) return null;
  // The Network Information API is Chromium's only; elsewhere the field stays out.
  const effectiveType = (nav as { connection?: { effectiveType?: unknown } }).connection
    ?.effectiveType;
  return {
    route: ROUTE,
    locale,
    device: width < DESKTOP_MIN_WIDTH ? 'mobile' : 'desktop',
    ...(isOneOf(effectiveTypes, effectiveType) ? { effectiveType } : {}),
    ...(source ? { source } : {}),
  };
}

/**
 * A selector fit for the report: control and format characters (bidi overrides, zero-width
 * spaces), line and paragraph separators and lone surrogates removed, at most maxSelectorLength code points. A long one keeps
 * its end, since web-vitals writes `ancestor>…>element` and the end names the element itself.
 */
export function cleanSelector(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const chars = Array.from(raw.replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu, ''));
  return chars.length > 0 ? chars.slice(-maxSelectorLength).join('') : undefined;
}

function rate(value: number, [good = Infinity, poor = Infinity]: readonly number[]): Rating {
  if (value > poor) return 'poor';
  return value > good ? 'needs-improvement' : 'good';
}

/**
 * The report's form of one metric, or null when it does not fit the contract. The value is
 * rounded to the contract's decimals and rated after rounding, so the server can check the
 * rating against the same thresholds (web-vitals' own) without a boundary case disagreeing.
 */
export function toBeaconMetric(metric: MeasuredMetric): BeaconMetric | null {
  const { name } = metric;
  if (!Object.hasOwn(metricRules, name)) return null;
  const rule = metricRules[name as keyof typeof metricRules];
  const scale = 10 ** rule.decimals;
  const value = Math.round(metric.value * scale) / scale;
  if (!(value >= rule.min && value <= rule.max)) return null;
  if (!isOneOf(navigationTypes, metric.navigationType)) return null;

  const out: BeaconMetric = {
    name,
    value,
    rating: rate(value, rule.thresholds),
    navigationType: metric.navigationType,
  };
  const attribution: Attribution = metric.attribution ?? {};
  const allowed: readonly string[] = rule.attribution;
  const field = TARGET_FIELDS[name];
  const target = field ? cleanSelector(attribution[field]) : undefined;
  if (target && allowed.includes('target')) out.target = target;
  const { interactionType } = attribution;
  if (allowed.includes('interactionType') && isOneOf(interactionTypes, interactionType)) {
    out.interactionType = interactionType;
  }
  return out;
}

/** The beacon body: one page view's metrics, as the JSON text both sendBeacon and fetch send. */
export function beaconBody(page: PageFacts, metrics: BeaconMetric[]): string {
  return JSON.stringify({ v: version, ...page, metrics });
}
