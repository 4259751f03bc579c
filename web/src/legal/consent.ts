// What the page's bundle knows of consent: two short strings, no legal text.
import type { Locale } from '../lib/constants';
import type { LegalKind } from './document';

/**
 * The current consent version of each locale whose form asks for consent, and of no other
 * (vite.config.ts, from VITE_CONSENT_LOCALES and the texts' hashes).
 */
declare const __CONSENT__: Readonly<Partial<Record<Locale, string>>>;

/** The version the form's checkbox sends, or undefined when this locale's form asks no consent. */
export function consentCheckboxVersion(locale: Locale): string | undefined {
  return __CONSENT__[locale];
}

/** Where a legal document is published: /<locale>/privacy, /<locale>/consent. */
export function legalPath(locale: Locale, kind: LegalKind): string {
  return `/${locale}/${kind}`;
}
