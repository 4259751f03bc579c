// The legal texts with the operator's details filled in: what the legal pages show and what a
// consent version is computed from. Build-time only (prerender, vite.config.ts): the page's
// bundle never imports this file, so the texts cost the visitor nothing.
import type { Locale } from '../lib/constants';
import { fillDocument, operatorValues, type LegalDocument, type LegalKind } from './document';
import { checkOperator, type Operator } from './operator';
import operatorFile from './operator.json';
import en from './texts/en.json';
import ru from './texts/ru.json';

type LegalTexts = Record<LegalKind, LegalDocument> & { page: typeof en.page };

const TEXTS: Record<Locale, LegalTexts> = { en, ru };

/** The studio's operator file, checked: a missing field fails whatever imports this. */
export const OPERATOR: Operator = checkOperator(operatorFile);

/** One legal document in one language, as the page shows it and the version hashes it. */
export function legalDocument(
  kind: LegalKind,
  locale: Locale,
  operator: Operator = OPERATOR,
): LegalDocument {
  return fillDocument(TEXTS[locale][kind], operatorValues(operator, locale));
}

/** The legal pages' own words around the document (description, links, the version line). */
export function legalPageCopy(locale: Locale, operator: Operator = OPERATOR) {
  const { page } = TEXTS[locale];
  const values = operatorValues(operator, locale);
  const fill = (text: string) => fillDocument({ title: text, blocks: [] }, values).title;
  return {
    ...page,
    privacyDescription: fill(page.privacyDescription),
    consentDescription: fill(page.consentDescription),
  };
}
