/** The case kinds the spec names; the locale files hold their labels under cases.types. */
export type CaseType = 'website' | 'telegram-bot' | 'database' | 'ai-chatbot';

/**
 * A portfolio case with the spec's Case item fields. The words (description, hint) live in the
 * locale files under cases.items.<id>; names, links and handles are the same in every language.
 */
export interface CaseItem {
  id: string;
  name: string;
  ico: number;
  type: CaseType;
  link: string;
  link_name: string;
  social: string;
  social_name: string;
  sType: 'x' | 'ig';
  img: number;
  url: string;
}

/** Icons are numbered 1 to 5; the fifth case and later reuse icon 4 (spec section 3). */
export const ICON_COUNT = 5;

export function iconNumber(index: number): number {
  return index >= ICON_COUNT ? 4 : index + 1;
}

export function iconUrl(index: number): string {
  return `/images/cases/icon-${iconNumber(index)}.svg`;
}

export function socialUrl(item: Pick<CaseItem, 'sType' | 'social'>): string {
  const host = item.sType === 'x' ? 'https://x.com/' : 'https://www.instagram.com/';
  return host + item.social;
}
