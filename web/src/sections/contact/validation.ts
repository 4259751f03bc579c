import {
  BIDI_CONTROL,
  CONTROL,
  INVISIBLE_ONLY,
  LINE_SEPARATOR,
  NONCHARACTER,
} from '../../lib/text';
import { CONTACT_FIELDS, type ContactField, type ContactInput } from './fields';

export { CONTACT_FIELDS, isContactField, type ContactField, type ContactInput } from './fields';

/**
 * The contact form rules, shared with the server through contract/contact-validation.json
 * (contract/README.md is the reference): trim, then per field the first failing check wins.
 */
export type ContactErrorCode = 'invalid' | 'too_short' | 'too_long';
export type ContactErrors = Partial<Record<ContactField, ContactErrorCode>>;

export const NAME_MIN = 2;
export const NAME_MAX = 100;
export const SOCIAL_MIN = 4;
export const SOCIAL_MAX = 64;
export const EMAIL_MAX = 254;
export const MESSAGE_MIN = 2;
export const MESSAGE_MAX = 4000;

// JavaScript's \s is exactly the set String.prototype.trim removes, as the contract asks.
const EMAIL_PATTERN = /^\S+@\S+\.\S+$/u;
// A message's line breaks (LF, VT, FF, CR, NEL and the two separators) become \n on the server.
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f]/u;
/** What a one-line field refuses: every control, and the line breaks that are not controls. */
const ONE_LINE_REFUSED = new RegExp(`${CONTROL.source}|${LINE_SEPARATOR.source}`, 'u');

/**
 * Characters the studio could not read as written: controls, bidi controls, noncharacters, or
 * nothing visible.
 */
function unreadable(value: string, refused: RegExp): boolean {
  return (
    refused.test(value) ||
    BIDI_CONTROL.test(value) ||
    NONCHARACTER.test(value) ||
    INVISIBLE_ONLY.test(value)
  );
}

/** Lengths count Unicode code points, so an emoji is one character. */
function length(value: string): number {
  return Array.from(value).length;
}

function checkLength(value: string, min: number, max: number): ContactErrorCode | undefined {
  const n = length(value);
  if (n < min) return 'too_short';
  if (n > max) return 'too_long';
  return undefined;
}

export function validateField(field: ContactField, raw: string): ContactErrorCode | undefined {
  const value = raw.trim();
  switch (field) {
    case 'name':
      return unreadable(value, ONE_LINE_REFUSED)
        ? 'invalid'
        : checkLength(value, NAME_MIN, NAME_MAX);
    case 'social':
      return unreadable(value, ONE_LINE_REFUSED)
        ? 'invalid'
        : checkLength(value, SOCIAL_MIN, SOCIAL_MAX);
    case 'email':
      if (unreadable(value, ONE_LINE_REFUSED)) return 'invalid';
      if (length(value) > EMAIL_MAX) return 'too_long';
      return EMAIL_PATTERN.test(value) ? undefined : 'invalid';
    case 'message':
      return unreadable(value, CONTROL_EXCEPT_LINES)
        ? 'invalid'
        : checkLength(value, MESSAGE_MIN, MESSAGE_MAX);
  }
}

/** Every field checked; an empty result means the lead may be sent. */
export function validateContact(input: ContactInput): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) {
    const error = validateField(field, input[field]);
    if (error) errors[field] = error;
  }
  return errors;
}
