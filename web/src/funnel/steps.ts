// The tab session's funnel record: the page steps it reached and those a beacon has taken, kept
// in sessionStorage under the contract's key (never a cookie, never localStorage), so each step
// is counted once however many pages the tab shows, reloads and returns from the cache included.
import { pageSteps, storageKey } from '../../../contract/funnel-beacon.json';
import { trackingRefused } from '../lib/privacy';

export type PageStep = 'arrived' | 'cases' | 'docs' | 'form';

interface FunnelRecord {
  reached: PageStep[];
  sent: PageStep[];
}

export interface StepOptions {
  /** A getter, since merely reading window.sessionStorage throws where storage is blocked. */
  storage?: () => Storage;
  refused?: () => boolean;
}

const session = () => sessionStorage;

/** The contract's steps that `list` holds, each once and in the contract's order. */
const knownSteps = (list: unknown) =>
  (Array.isArray(list) ? pageSteps.filter((step) => list.includes(step)) : []) as PageStep[];

/** The stored record, empty when there is none; throws only when storage itself is unavailable. */
function read(storage: () => Storage): FunnelRecord {
  const text = storage().getItem(storageKey);
  let stored: { reached?: unknown; sent?: unknown } | null;
  try {
    stored = JSON.parse(text ?? 'null') as typeof stored;
  } catch {
    // Not written by this code: the record starts afresh.
    stored = null;
  }
  return { reached: knownSteps(stored?.reached), sent: knownSteps(stored?.sent) };
}

function write(storage: () => Storage, record: FunnelRecord): void {
  storage().setItem(storageKey, JSON.stringify(record));
}

/**
 * Notes that the tab session reached `step`; one already noted stays as it was. Nothing under
 * Global Privacy Control or Do Not Track, and nothing where sessionStorage fails: a step that
 * cannot be kept could not be told from one already counted after a reload.
 */
export function noteStep(
  step: PageStep,
  { storage = session, refused = trackingRefused }: StepOptions = {},
): void {
  if (refused()) return;
  try {
    const record = read(storage);
    if (record.reached.includes(step)) return;
    record.reached.push(step);
    write(storage, record);
  } catch {
    // Blocked or full: the step goes uncounted rather than counted twice.
  }
}

/**
 * Hands the steps reached and not yet sent to `send`, which answers whether its beacon was
 * queued, and keeps them sent only if it was. They are marked sent before the send, so that a
 * record that cannot be written sends nothing (it could not stop the next page from sending them
 * again); `send` gets the undo, for a fetch that fails after it was queued.
 */
export function sendUnsent(
  send: (steps: PageStep[], lost: () => void) => boolean,
  storage: () => Storage = session,
): void {
  let steps: PageStep[];
  try {
    const { reached, sent } = read(storage);
    steps = reached.filter((step) => !sent.includes(step));
    if (steps.length === 0) return;
    write(storage, { reached, sent: [...sent, ...steps] });
  } catch {
    return;
  }
  const unmark = () => {
    try {
      const { reached, sent } = read(storage);
      write(storage, { reached, sent: sent.filter((step) => !steps.includes(step)) });
    } catch {
      // Storage went away since: these steps stay marked, one page's steps fewer in the counts.
    }
  };
  if (!send(steps, unmark)) unmark();
}

/**
 * Marks as sent, without sending, the steps reached and not yet sent: on a page prerendered ahead
 * of the click, at the moment it is shown. The page the visitor left sends those itself as it is
 * hidden, which in Chromium happens after this page is shown and in a storage this page does not
 * see (measured with Chromium 156): without this, the next hide here would send them again.
 */
export function leaveUnsentToThePageBefore(storage: () => Storage = session): void {
  try {
    const { reached } = read(storage);
    write(storage, { reached, sent: [...reached] });
  } catch {
    // Blocked: nothing was kept, and nothing will be sent from here either.
  }
}
