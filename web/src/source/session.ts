// The tab session's first touch: captured once on the first page view, kept in sessionStorage
// (never a cookie, never localStorage), read by the contact form and by the Web Vitals beacon.
import { storageKey } from '../../../contract/lead-source.json';
import { trackingRefused } from '../lib/privacy';
import { readSource, type LeadSource } from './capture';

/** What the first page view's beacon carries, so the report can count the visit by its class. */
export type ArrivalSource = Pick<LeadSource, 'utm_source' | 'referrer'>;

export interface CaptureOptions {
  locale: string;
  url?: string;
  referrer?: string;
  now?: () => number;
  /** A getter, since merely reading window.sessionStorage throws where storage is blocked. */
  storage?: () => Storage;
  refused?: () => boolean;
}

// This document's view of the session: the first touch, and whether this page view is the one
// that stored it (the arrival, reported once by the vitals beacon).
let firstTouch: LeadSource | undefined;
let arrival: LeadSource | undefined;

/** The stored first touch, or null; throws only when storage itself is unavailable. */
function readStored(storage: () => Storage): LeadSource | null {
  const text = storage().getItem(storageKey);
  try {
    const stored: unknown = JSON.parse(text ?? 'null');
    if (typeof stored === 'object' && stored !== null && !Array.isArray(stored)) {
      return stored as LeadSource;
    }
  } catch {
    // Not written by this code: the session's record starts afresh below.
  }
  return null;
}

/**
 * Records where this visit came from, before anything can change the URL, and returns it: the
 * stored first touch when an earlier page view of this tab stored one, else this page view's.
 * Nothing at all under Global Privacy Control or Do Not Track. Without working sessionStorage
 * the source lives in memory for this page view (the lead still carries it), and the page view
 * is not reported as an arrival, since a reload could not tell it was not the first.
 */
export function captureSource({
  locale,
  url = location.href,
  referrer = document.referrer,
  now = Date.now,
  storage = () => sessionStorage,
  refused = trackingRefused,
}: CaptureOptions): LeadSource | undefined {
  firstTouch = arrival = undefined;
  if (refused()) return undefined;
  // null: none stored yet, so this page view is the arrival; undefined: storage is unavailable.
  let stored: LeadSource | null | undefined;
  try {
    stored = readStored(storage);
  } catch {
    // Blocked storage: this page view's source from memory, and no arrival.
  }
  if (stored) return (firstTouch = stored);
  firstTouch = readSource({ url, referrer, locale, at: now() });
  if (stored === null) {
    try {
      storage().setItem(storageKey, JSON.stringify(firstTouch));
      arrival = firstTouch;
    } catch {
      // Full or blocked: the lead still carries the source from memory.
    }
  }
  return firstTouch;
}

/** The first touch for the lead; undefined when there is none (GPC, DNT, never captured). */
export function leadSource(): LeadSource | undefined {
  return firstTouch;
}

/**
 * The arrival's source, once: on the tab session's first page view, and only for its first
 * beacon (a view restored from the back/forward cache is no new visit). A reload or a later page
 * view finds the first touch already stored and has none.
 */
export function takeArrival(): ArrivalSource | undefined {
  const taken = arrival;
  arrival = undefined;
  if (!taken) return undefined;
  // Absent fields stay undefined, and JSON.stringify leaves them out of the beacon.
  const { utm_source, referrer } = taken;
  return { utm_source, referrer };
}
