// Sends the tab session's new funnel steps, one beacon each time the page is hidden.
import { endpoint } from '../../../contract/funnel-beacon.json';
import { postBeacon } from '../lib/beacon';
import { trackingRefused } from '../lib/privacy';
import { leadSource } from '../source/session';
import { funnelBody } from './body';
import { wasPrerendered } from '../lib/activation';
import { leaveUnsentToThePageBefore, sendUnsent, type StepOptions } from './steps';

export interface FunnelOptions extends StepOptions {
  /** Whether the page was prerendered before it was shown (lib/activation.ts). */
  prerendered?: () => boolean;
  nav?: Navigator;
  fetchImpl?: typeof fetch;
}

/**
 * Sends the steps the tab session reached and no beacon took yet whenever the page is hidden
 * (`visibilitychange`, or `pagehide` where a browser skips that), in the locale `locale` gives
 * then, with the visit's source for its class. The record in sessionStorage says what was sent,
 * so the second of those two events, a page restored from the back/forward cache or the next
 * page of the tab sends only what is new since. Nothing under Global Privacy Control or Do Not
 * Track. Returns a function that removes the listeners again.
 */
export function startFunnel(
  locale: () => string,
  {
    storage,
    refused = trackingRefused,
    prerendered = wasPrerendered,
    nav,
    fetchImpl,
  }: FunnelOptions = {},
): () => void {
  if (refused()) return () => {};
  // Started as a prerendered page is shown: what the page before reached is its own to send.
  if (prerendered()) leaveUnsentToThePageBefore(storage);
  const flush = () =>
    sendUnsent((steps, lost) => {
      const body = funnelBody(locale(), window.innerWidth, steps, leadSource());
      return body !== null && postBeacon(endpoint, body, { nav, fetchImpl, lost });
    }, storage);
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', flush);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', flush);
  };
}
