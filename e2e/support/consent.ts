import { readFileSync } from 'node:fs';
import path from 'node:path';
import { siteDir } from '../fixtures/paths';
import type { Locale } from './locales';

/** The built site's .consent.json, as landing-server reads it (contract/README.md, Consent). */
export interface ConsentFile {
  required: Locale[];
  versions: Record<Locale, string[]>;
}

/** Read from the build the tests run against, so they follow its VITE_CONSENT_LOCALES. */
export const consentFile: ConsentFile = JSON.parse(
  readFileSync(path.join(siteDir, '.consent.json'), 'utf8'),
);

/** Whether the form of `locale` shows the consent checkbox (and the server requires consent). */
export const asksConsent = (locale: Locale): boolean => consentFile.required.includes(locale);

/** The version the checkbox of `locale` sends: the first the file lists. */
export const currentConsent = (locale: Locale): string => consentFile.versions[locale][0] as string;

/** The form's consent checkbox, as a CSS selector. */
export const CONSENT_BOX = '#contact input[name="consent"]';
