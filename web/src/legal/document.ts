import type { Locale } from '../lib/constants';
import type { Operator } from './operator';

/** The two documents the site publishes under /<locale>/<kind>. */
export const LEGAL_KINDS = ['privacy', 'consent'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

/** A heading, a paragraph or a bulleted list: all the legal texts need, and easy to hash. */
export type Block = { h: string } | { p: string } | { ul: string[] };

export interface LegalDocument {
  title: string;
  blocks: Block[];
}

/** How a list item starts in the document's text, so a list reads the same as on the page. */
export const LIST_MARK = '— ';

/** The placeholders a text may use, filled from the operator file in the text's language. */
export function operatorValues(operator: Operator, locale: Locale): Record<string, string> {
  return {
    name: operator.name[locale],
    registration: operator.registration[locale],
    address: operator.address[locale],
    email: operator.email,
  };
}

/** The document with `{{name}}`-style placeholders filled; an unknown one is a mistake. */
export function fillDocument(document: LegalDocument, values: Record<string, string>) {
  const fill = (text: string) =>
    text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, key: string) => {
      const value = values[key];
      if (value === undefined) {
        throw new Error(
          `${placeholder} in "${document.title}" is not one of ${Object.keys(values).join(', ')}`,
        );
      }
      return value;
    });
  return {
    title: fill(document.title),
    blocks: document.blocks.map((block): Block => {
      if ('h' in block) return { h: fill(block.h) };
      if ('p' in block) return { p: fill(block.p) };
      return { ul: block.ul.map(fill) };
    }),
  };
}

/**
 * The document as plain text: the title, then each block, a blank line between them, a list's
 * items one a line behind LIST_MARK. This is the text a consent version is the hash of
 * (contract/README.md, Consent), and the legal page shows exactly these words.
 */
export function documentText(document: LegalDocument): string {
  const blocks = document.blocks.map((block) => {
    if ('h' in block) return block.h;
    if ('p' in block) return block.p;
    return block.ul.map((item) => `${LIST_MARK}${item}`).join('\n');
  });
  return [document.title, ...blocks].join('\n\n');
}
