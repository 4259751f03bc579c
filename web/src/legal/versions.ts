import { LOCALES, type Locale } from '../lib/constants';
import { documentText } from './document';
import { OPERATOR, legalDocument } from './documents';
import type { Operator } from './operator';
import { VERSION_PATTERN, consentVersion } from './version';

/** The repository's file of every consent version each locale has shown, newest first. */
export const HISTORY_FILE = 'src/legal/consent-history.json';
export type ConsentHistory = Partial<Record<Locale, string[]>>;

/** The built site's .consent.json, which landing-server reads (contract/README.md, Consent). */
export interface ConsentFile {
  /** The locales whose form asks for consent (VITE_CONSENT_LOCALES). */
  required: Locale[];
  /** Per locale, the current version first, then the earlier ones from the history file. */
  versions: Record<Locale, string[]>;
}

/** Each locale's consent text as the build renders it, the text its version is the hash of. */
export function consentText(locale: Locale, operator: Operator = OPERATOR): string {
  return documentText(legalDocument('consent', locale, operator));
}

/** The current version of every locale's consent text. */
export async function currentConsentVersions(
  operator: Operator = OPERATOR,
): Promise<Record<Locale, string>> {
  const versions = await Promise.all(
    LOCALES.map(async (locale) => [locale, await consentVersion(consentText(locale, operator))]),
  );
  return Object.fromEntries(versions) as Record<Locale, string>;
}

/**
 * The .consent.json the server reads: a visitor whose page was loaded before a deploy ticked an
 * older text, so the older versions stay accepted; the current one always leads.
 */
export function consentFile(
  required: readonly Locale[],
  current: Record<Locale, string>,
  history: ConsentHistory,
): ConsentFile {
  const versions = {} as Record<Locale, string[]>;
  for (const locale of LOCALES) {
    const older = history[locale] ?? [];
    const bad = older.find((version) => !VERSION_PATTERN.test(version));
    if (bad !== undefined) {
      throw new Error(`${HISTORY_FILE}: "${bad}" in ${locale} is not a sha256 in lowercase hex`);
    }
    versions[locale] = [current[locale], ...older.filter((version) => version !== current[locale])];
  }
  return { required: [...required], versions };
}
