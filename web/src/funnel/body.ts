// The funnel beacon's body, as contract/funnel-beacon.json has it: exactly v, locale, device,
// steps and an optional source. No identifier, no URL, no time.
import { locales, maxBodyBytes, v } from '../../../contract/funnel-beacon.json';
import { DESKTOP_MIN_WIDTH } from '../lib/constants';
import type { LeadSource } from '../source/capture';
import type { ArrivalSource } from '../source/session';
import type { PageStep } from './steps';

/**
 * What the source's class is made of: the first touch's utm_source and referrer, each only where
 * it is text (the stored record is the page's to read, not to trust), none when neither is.
 */
function classSource(firstTouch: Partial<LeadSource> = {}): ArrivalSource | undefined {
  const source: ArrivalSource = {};
  for (const key of ['utm_source', 'referrer'] as const) {
    const value = firstTouch[key];
    if (typeof value === 'string') source[key] = value;
  }
  return Object.keys(source).length > 0 ? source : undefined;
}

/**
 * The beacon's text, or null when the server would refuse it: a locale the site does not have,
 * no steps, or more than maxBodyBytes (only a stored first touch this code did not write is that
 * long). The device is classed by width, as the vitals beacon classes it.
 */
export function funnelBody(
  locale: string,
  width: number,
  steps: readonly PageStep[],
  firstTouch?: Partial<LeadSource>,
): string | null {
  if (!locales.includes(locale) || steps.length === 0) return null;
  const source = classSource(firstTouch);
  const body = JSON.stringify({
    v,
    locale,
    device: width < DESKTOP_MIN_WIDTH ? 'mobile' : 'desktop',
    steps,
    ...(source && { source }),
  });
  return new TextEncoder().encode(body).length <= maxBodyBytes ? body : null;
}
