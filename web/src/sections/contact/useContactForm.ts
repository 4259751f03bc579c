import { useEffect, useRef, useState, type FormEvent } from 'react';
import { sendLead, type Lead } from './contactApi';
import type { Locale } from '../../lib/locale';
import { leadSource } from '../../source/session';
import { POPUP_HIDE_MS } from './popup';
import {
  CONTACT_FIELDS,
  validateContact,
  type ContactField,
  type ContactInput,
} from './validation';

const EMPTY: ContactInput = { name: '', social: '', email: '', message: '' };

export type ContactStatus = 'idle' | 'sending' | 'sent' | 'failed';

/** The contact form's state and submit flow: validate, post, then popup, markers or an error. */
export function useContactForm(locale: Locale, onSend?: (lead: Lead) => void) {
  const [values, setValues] = useState<ContactInput>(EMPTY);
  const [website, setWebsite] = useState('');
  const [invalid, setInvalid] = useState<ReadonlySet<ContactField>>(new Set());
  const [status, setStatus] = useState<ContactStatus>('idle');
  // 0 while hidden; each successful send gets a new number, so the popup restarts its timing.
  const [popup, setPopup] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!popup) return;
    const timer = setTimeout(() => setPopup(0), POPUP_HIDE_MS);
    return () => clearTimeout(timer);
  }, [popup]);

  const change = (field: ContactField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (invalid.has(field)) setInvalid((set) => without(set, field));
  };

  const mark = (fields: ContactField[]) => {
    setInvalid(new Set(fields));
    const first = CONTACT_FIELDS.find((f) => fields.includes(f));
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'sending') return;
    const errors = Object.keys(validateContact(values)) as ContactField[];
    if (errors.length > 0) {
      setStatus('idle');
      mark(errors);
      return;
    }
    setInvalid(new Set());
    setStatus('sending');
    const source = leadSource();
    const lead: Lead = { ...values, locale, website, ...(source && { source }) };
    const result = await sendLead(lead);
    if (result.kind === 'sent') {
      onSend?.(lead);
      setValues(EMPTY);
      setWebsite('');
      setStatus('sent');
      setPopup((n) => n + 1);
    } else if (result.kind === 'invalid') {
      setStatus('idle');
      mark(result.fields);
    } else {
      // The typed text stays put so the visitor can simply try again.
      setStatus('failed');
    }
  };

  return { form, values, website, setWebsite, invalid, status, popup, change, submit };
}

function without<T>(set: ReadonlySet<T>, item: T): Set<T> {
  const next = new Set(set);
  next.delete(item);
  return next;
}
