import vectors from '../../../../contract/contact-validation.json';
import { consentError } from './consentRule';

interface ConsentCase {
  title: string;
  required: string[];
  known: Record<string, string[]>;
  locale: string;
  consent: string | null;
  error: string | null;
}

const cases = (vectors as unknown as { consent: ConsentCase[] }).consent;

// What the page can send: nothing (unticked), or its locale's current version (ticked). The
// other cases (an older or foreign version) only a tampered request sends; the server tests them.
const pageCases = cases.filter((c) => c.consent === null || c.consent === c.known[c.locale]?.[0]);

test('the shared consent cases include what the page can send', () => {
  expect(pageCases.length).toBeGreaterThanOrEqual(5);
});

test.each(pageCases.map((c) => [c.title, c] as const))('%s', (_title, c) => {
  // The build gives the form a version to send only for the locales that require consent.
  const version = c.required.includes(c.locale) ? c.known[c.locale]?.[0] : undefined;
  expect(consentError(version, c.consent !== null) ?? null).toBe(c.error);
});
