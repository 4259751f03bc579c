import { endpoint } from '../../../contract/vitals-beacon.json';
import { postBeacon } from '../lib/beacon';

/**
 * Posts a vitals beacon body to the vitals endpoint (lib/beacon.ts says how). Nothing is retried
 * or reported: a lost beacon is one sample fewer.
 */
export function sendBeacon(
  body: string,
  nav: Navigator = navigator,
  fetchImpl: typeof fetch = fetch,
): void {
  postBeacon(endpoint, body, { nav, fetchImpl });
}
