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
}

/** What the server may refuse: a field of the form, or the consent the form asks for. */
export type FormField = ContactField | 'consent';
/** The server's reason for each refused field (contract/api-contact.md), e.g. `unknown_version`. */
export type FormErrors = Partial<Record<FormField, string>>;

export type SendResult =
  { kind: 'sent' } | { kind: 'invalid'; errors: FormErrors } | { kind: 'failed'; status?: number };

/** Posts a lead to our own server (never to Telegram) and says what became of it. */
export async function sendLead(lead: Lead, fetchImpl: typeof fetch = fetch): Promise<SendResult> {
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
    const errors = await invalidFields(response);
    if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  }
  return { kind: 'failed', status: response.status };
}

const isFormField = (key: string): key is FormField => key === 'consent' || isContactField(key);

async function invalidFields(response: Response): Promise<FormErrors> {
  try {
    const body = (await response.json()) as { errors?: Record<string, unknown> };
    return Object.fromEntries(
      Object.entries(body.errors ?? {}).filter(([key]) => isFormField(key)),
    ) as FormErrors;
  } catch {
    return {};
  }
}

function timeoutSignal(ms: number): AbortSignal | undefined {
  return typeof AbortSignal !== 'undefined' && 'timeout' in AbortSignal
    ? AbortSignal.timeout(ms)
    : undefined;
}
