import { CONTACT_ENDPOINT, isContactField, type ContactField, type ContactInput } from './fields';
import type { Locale } from '../../lib/locale';
import type { LeadSource } from '../../source/capture';

export { CONTACT_ENDPOINT };
/** A lead that has not been answered by then counts as not sent (the text stays in the form). */
export const CONTACT_TIMEOUT_MS = 15_000;

export interface Lead extends ContactInput {
  locale: Locale;
  /** The honeypot: empty unless a bot filled it. */
  website: string;
  /** Where the visit came from (contract/lead-source.json); absent under GPC or Do Not Track. */
  source?: LeadSource;
  /** The version of the consent text the visitor ticked; absent when not asked or not ticked. */
  consent?: string;
  /** The proof of work (proof/payload.ts); absent when the server offered no challenge. */
  altcha?: string;
}

/** What the server may refuse: a field of the form, or the consent the form asks for. */
export type FormField = ContactField | 'consent';
/** The server's reason for each refused field (contract/api-contact.md), e.g. `unknown_version`. */
export type FormErrors = Partial<Record<FormField, string>>;

export type SendResult =
  | { kind: 'sent' }
  | { kind: 'invalid'; errors: FormErrors }
  /** The proof of work refused: `required`, `invalid`, `expired` or `reused`. */
  | { kind: 'proof'; refusal: string }
  | { kind: 'failed'; status?: number };

/**
 * The longest Retry-After a 503 may ask for and still be waited out before the visitor sees an
 * error: the server says 5 s while its database fails over to a standby.
 */
export const RETRY_AFTER_MAX_S = 30;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Posts a lead to our own server (never to Telegram) and says what became of it. A 503 with a
 * short Retry-After (no database for a moment: nothing was stored) is tried once more after it.
 */
export async function sendLead(
  lead: Lead,
  fetchImpl: typeof fetch = fetch,
  wait: (ms: number) => Promise<void> = pause,
): Promise<SendResult> {
  const first = await postOnce(lead, fetchImpl);
  const seconds = first.kind === 'failed' && first.status === 503 ? first.retryAfter : undefined;
  if (seconds === undefined || seconds > RETRY_AFTER_MAX_S) return withoutRetryAfter(first);
  await wait(seconds * 1000);
  return withoutRetryAfter(await postOnce(lead, fetchImpl));
}

type Attempt =
  | { kind: 'sent' }
  | { kind: 'invalid'; errors: FormErrors }
  | { kind: 'proof'; refusal: string }
  | { kind: 'failed'; status?: number; retryAfter?: number };

function withoutRetryAfter(attempt: Attempt): SendResult {
  if (attempt.kind !== 'failed') return attempt;
  return attempt.status === undefined
    ? { kind: 'failed' }
    : { kind: 'failed', status: attempt.status };
}

async function postOnce(lead: Lead, fetchImpl: typeof fetch): Promise<Attempt> {
  let response: Response;
  try {
    response = await fetchImpl(CONTACT_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(lead),
      signal: timeoutSignal(CONTACT_TIMEOUT_MS),
    });
  } catch {
    return { kind: 'failed' };
  }
  if (response.status === 202 || response.ok) return { kind: 'sent' };
  if (response.status === 422) {
    const errors = await refusals(response);
    const fields = Object.fromEntries(
      Object.entries(errors).filter(([key]) => isFormField(key)),
    ) as FormErrors;
    // The fields first: the visitor has to mend them, and the next send takes a new proof anyway.
    if (Object.keys(fields).length > 0) return { kind: 'invalid', errors: fields };
    if (typeof errors.proof === 'string') return { kind: 'proof', refusal: errors.proof };
  }
  const retryAfter = Number.parseInt(response.headers.get('Retry-After') ?? '', 10);
  return Number.isFinite(retryAfter) && retryAfter >= 0
    ? { kind: 'failed', status: response.status, retryAfter }
    : { kind: 'failed', status: response.status };
}

const isFormField = (key: string): key is FormField => key === 'consent' || isContactField(key);

/** A 422's `errors` object: the refused fields, and `proof` for a refused proof of work. */
async function refusals(response: Response): Promise<Record<string, unknown>> {
  try {
    const body = (await response.json()) as { errors?: unknown };
    return typeof body.errors === 'object' && body.errors !== null
      ? (body.errors as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** A signal that aborts a fetch after `ms`, where the browser has AbortSignal.timeout. */
export function timeoutSignal(ms: number): AbortSignal | undefined {
  return typeof AbortSignal !== 'undefined' && 'timeout' in AbortSignal
    ? AbortSignal.timeout(ms)
    : undefined;
}
