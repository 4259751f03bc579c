// The tab session's first touch: captured once on the first page view, kept in sessionStorage
// (never a cookie, never localStorage), read by the contact form, the Web Vitals beacon and the
// funnel beacon (src/funnel/).
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
  /**
   * False on a page that sends no beacon (a docs page): the arrival it stores is left for the
   * next page view that does (the landing page) to report, so the visit is still counted once.
   */
  reportsArrival?: boolean;
}

/** Set while a stored first touch has not been reported as an arrival yet. */
const UNREPORTED_KEY = `${storageKey}:unreported`;

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
  reportsArrival = true,
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
  if (stored) {
    firstTouch = stored;
    // A page before this one stored the visit without reporting it: this one reports it.
    if (reportsArrival && takeUnreported(storage)) arrival = stored;
    return firstTouch;
  }
  firstTouch = readSource({ url, referrer, locale, at: now() });
  if (stored === null) {
    try {
      storage().setItem(storageKey, JSON.stringify(firstTouch));
      if (reportsArrival) arrival = firstTouch;
      else storage().setItem(UNREPORTED_KEY, '1');
    } catch {
      // Full or blocked: the lead still carries the source from memory.
    }
  }
  return firstTouch;
}

/** Whether an earlier page view left the arrival unreported; clears the mark. */
function takeUnreported(storage: () => Storage): boolean {
  try {
    if (storage().getItem(UNREPORTED_KEY) === null) return false;
    storage().removeItem(UNREPORTED_KEY);
    return true;
  } catch {
    return false;
  }
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
