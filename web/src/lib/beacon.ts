/** What sendBeacon sends a string as; both beacon contracts name it, and fetch must match it. */
export const BEACON_CONTENT_TYPE = 'text/plain;charset=UTF-8';

export interface PostBeaconOptions {
  nav?: Navigator;
  fetchImpl?: typeof fetch;
  /** Runs when the fallback fetch fails after the body was handed to it. */
  lost?: () => void;
}

/**
 * Posts a beacon body to one of our own endpoints. sendBeacon outlives the page and sends a
 * string as text/plain;charset=UTF-8, a CORS-simple request with no preflight. Where it is
 * missing, or refuses the body (its queue is full), fetch with keepalive outlives the page the
 * same way; it keeps the same content type and leaves cookies out. Returns whether the browser
 * took the body: a caller that keeps a record of what it sent (the funnel) marks it sent only
 * then, and `lost` tells it when the fetch failed after all.
 */
export function postBeacon(
  url: string,
  body: string,
  { nav = navigator, fetchImpl = fetch, lost }: PostBeaconOptions = {},
): boolean {
  try {
    if (typeof nav.sendBeacon === 'function' && nav.sendBeacon(url, body)) return true;
  } catch {
    // A browser that throws here has queued nothing: fall back below.
  }
  try {
    fetchImpl(url, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'omit',
      headers: { 'Content-Type': BEACON_CONTENT_TYPE },
    }).catch(() => lost?.());
    return true;
  } catch {
    // No fetch either: nothing was sent, and the page goes on.
    return false;
  }
}
