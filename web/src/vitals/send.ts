import { contentType, endpoint } from '../../../contract/vitals-beacon.json';

/**
 * Posts a beacon body to our own server. sendBeacon outlives the page and sends a string as
 * text/plain;charset=UTF-8, a CORS-simple request with no preflight. Where it is missing, or
 * refuses the body (its queue is full), fetch with keepalive outlives the page the same way; it
 * keeps the same content type and leaves cookies out. Nothing is retried or reported: a lost
 * beacon is one sample fewer.
 */
export function sendBeacon(
  body: string,
  nav: Navigator = navigator,
  fetchImpl: typeof fetch = fetch,
): void {
  try {
    if (typeof nav.sendBeacon === 'function' && nav.sendBeacon(endpoint, body)) return;
  } catch {
    // A browser that throws here has queued nothing: fall back below.
  }
  try {
    fetchImpl(endpoint, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'omit',
      headers: { 'Content-Type': contentType },
    }).catch(() => undefined);
  } catch {
    // No fetch either: the sample is lost, the page is not.
  }
}
