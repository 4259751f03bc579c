import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FormErrors, FormField, Lead } from './contactApi';
import type { Proof } from './proof/proof';
import type { Locale } from '../../lib/locale';
import { noteOnFirstFocus } from '../../funnel/watch';
import { leadSource } from '../../source/session';
import { TOPIC_PARAM, topicMessage } from '../../lib/docs';
import { POPUP_HIDE_MS } from './popup';
import { CONTACT_FIELDS, type ContactField, type ContactInput } from './fields';

type LeadLogic = typeof import('./leadLogic');
let leadLogic: Promise<LeadLogic> | undefined;

/**
 * The form's checks and its sending, fetched once: on the first focus inside the form, or at the
 * latest when it is sent. A fetch that fails is forgotten, so the next attempt tries again.
 */
export function loadLeadLogic(): Promise<LeadLogic> {
  leadLogic ??= import('./leadLogic').catch((error: unknown) => {
    leadLogic = undefined;
    throw error;
  });
  return leadLogic;
}

const EMPTY: ContactInput = { name: '', social: '', email: '', message: '' };
/** The order focus looks for the first marked control in: the form's own order. */
const FORM_FIELDS: readonly FormField[] = [...CONTACT_FIELDS, 'consent'];

export type ContactStatus = 'idle' | 'sending' | 'sent' | 'failed';

/**
 * The contact form's state and submit flow: validate, post, then popup, markers or an error.
 * `consentVersion` is the version the consent checkbox sends; without one the form shows none.
 */
export function useContactForm(
  locale: Locale,
  consentVersion: string | undefined,
  onSend?: (lead: Lead) => void,
) {
  const [values, setValues] = useState<ContactInput>(EMPTY);
  const [website, setWebsite] = useState('');
  const [consent, setConsent] = useState(false);
  const [invalid, setInvalid] = useState<FormErrors>({});
  const [status, setStatus] = useState<ContactStatus>('idle');
  // 0 while hidden; each successful send gets a new number, so the popup restarts its timing.
  const [popup, setPopup] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  // Set from the click to the answer: the logic arrives asynchronously, and a second click in
  // between must not send the lead twice.
  const busy = useRef(false);
  // The form's proof of work, made with the logic's chunk: none of it is in the page's first
  // script. Started on the first focus, so it is solved while the visitor types.
  const proof = useRef<Proof | undefined>(undefined);
  const proofFor = (logic: LeadLogic) => (proof.current ??= logic.createProof());

  // A docs page's call to action opens the form with its topic: "About: Aurelia Estates — ".
  // After hydration, so the prerendered form matches the first render; never over typed text.
  useEffect(() => {
    const topic = new URLSearchParams(location.search).get(TOPIC_PARAM);
    const message = topic ? topicMessage(locale, topic) : '';
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL is read after hydration
    if (message) setValues((v) => (v.message ? v : { ...v, message }));
  }, [locale]);

  // The funnel's `form` step: the visitor started on the form.
  useEffect(() => (form.current ? noteOnFirstFocus(form.current, 'form') : undefined), []);

  useEffect(() => {
    if (!popup) return;
    const timer = setTimeout(() => setPopup(0), POPUP_HIDE_MS);
    return () => clearTimeout(timer);
  }, [popup]);

  const change = (field: ContactField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (invalid[field]) setInvalid((errors) => without(errors, field));
  };

  const tick = (checked: boolean) => {
    setConsent(checked);
    if (checked && invalid.consent) setInvalid((errors) => without(errors, 'consent'));
  };

  const mark = (errors: FormErrors) => {
    setInvalid(errors);
    const first = FORM_FIELDS.find((f) => errors[f]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    try {
      await send();
    } finally {
      busy.current = false;
    }
  };

  const send = async () => {
    let logic: LeadLogic;
    try {
      logic = await loadLeadLogic();
    } catch {
      // Offline, or the site was updated under the page: as when the post fails, the typed
      // text stays and the visitor may try again.
      setStatus('failed');
      return;
    }
    const { consentError, sendWithProof, validateContact } = logic;
    const errors: FormErrors = validateContact(values);
    const refused = consentError(consentVersion, consent);
    if (refused) errors.consent = refused;
    if (Object.keys(errors).length > 0) {
      setStatus('idle');
      mark(errors);
      return;
    }
    setInvalid({});
    setStatus('sending');
    const source = leadSource();
    const lead: Lead = {
      ...values,
      locale,
      website,
      ...(consentVersion && { consent: consentVersion }),
      ...(source && { source }),
    };
    // "Sending…" covers the wait for a proof not yet solved as well: nothing else shows it.
    const result = await sendWithProof(lead, proofFor(logic));
    if (result.kind === 'sent') {
      onSend?.(lead);
      setValues(EMPTY);
      setWebsite('');
      // Each lead is a consent of its own: the next one is ticked again.
      setConsent(false);
      setStatus('sent');
      setPopup((n) => n + 1);
    } else if (result.kind === 'invalid') {
      setStatus('idle');
      mark(result.errors);
    } else {
      // The typed text stays put so the visitor can simply try again.
      setStatus('failed');
    }
  };

  return {
    form,
    values,
    website,
    setWebsite,
    consent,
    tick,
    invalid,
    status,
    popup,
    change,
    submit,
    prepare: () =>
      void loadLeadLogic()
        .then((logic) => proofFor(logic).start())
        .catch(() => undefined),
  };
}

function without(errors: FormErrors, field: FormField): FormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));
}
