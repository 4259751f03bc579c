// Runs at build time (vite.config.ts): a studio that forgets a field gets a failed build with
// the field's name, not a policy that names nobody.
import { LOCALES, type Locale } from '../lib/constants';

/** The file a studio fills in before building, relative to web/. */
export const OPERATOR_FILE = 'src/legal/operator.json';

/** The operator of the personal data: who the policy and the consent name, in each language. */
export interface Operator {
  /** Legal name, e.g. ООО «Минтлайн». */
  name: Record<Locale, string>;
  /** Registration numbers (ИНН and ОГРН for a Russian company). */
  registration: Record<Locale, string>;
  /** Postal address, where a written request or withdrawal of consent can be sent. */
  address: Record<Locale, string>;
  /** Where a visitor sends requests about their data. */
  email: string;
}

const LOCALIZED = {
  name: 'legal name',
  registration: 'registration number (ИНН and ОГРН)',
  address: 'postal address',
} as const;

function fail(field: string, what: string): never {
  throw new Error(
    `${OPERATOR_FILE}: "${field}" is missing or empty: the operator's ${what}. A studio fills ` +
      `this file in with its own details before building.`,
  );
}

const filled = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

/** The operator's details, every field checked; throws naming the first field that is missing. */
export function checkOperator(raw: unknown): Operator {
  const file = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const operator: Partial<Operator> = {};
  for (const [field, what] of Object.entries(LOCALIZED) as [keyof typeof LOCALIZED, string][]) {
    const values = (file[field] ?? {}) as Record<string, unknown>;
    const checked = {} as Record<Locale, string>;
    for (const locale of LOCALES) {
      const value = values[locale];
      if (!filled(value)) fail(`${field}.${locale}`, `${what}, in ${locale}`);
      checked[locale] = value.trim();
    }
    operator[field] = checked;
  }
  const email = file.email;
  if (!filled(email)) fail('email', 'e-mail for requests about personal data');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
    throw new Error(`${OPERATOR_FILE}: "email" is not an e-mail address: ${JSON.stringify(email)}`);
  }
  return { ...(operator as Omit<Operator, 'email'>), email: email.trim() };
}
