// The checks scripts/prerender.mjs runs before it writes .consent.json: a module of its own so a
// test can run them. landing-server refuses a Russian lead whose version is not in that file, so
// the file, the form's checkbox and the consent page must agree on every version, or no Russian
// visitor could send a lead.
import { createHash } from 'node:crypto';

/** The value of the form's consent checkbox in a page's HTML, or null when it has none. */
export function checkboxVersion(html) {
  const input = /<input\b[^>]*\bname="consent"[^>]*>/.exec(html)?.[0];
  return input ? (/\bvalue="([^"]*)"/.exec(input)?.[1] ?? '') : null;
}

/**
 * What is wrong between the file and the pages, as `problems` (the build must stop) and
 * `warnings` (it may go on). `pages[locale]` holds the landing and consent pages' HTML,
 * `texts[locale]` the consent text the version is the hash of.
 */
export function checkConsentFile({ file, pages, texts, history, historyFile }) {
  const problems = [];
  const warnings = [];
  for (const [locale, [current]] of Object.entries(file.versions)) {
    // Node's own sha256, against the build's Web Crypto: the version is the text's hash.
    const hash = createHash('sha256').update(texts[locale], 'utf8').digest('hex');
    if (current !== hash) {
      problems.push(`${locale}: the version ${current} is not the sha256 of its text (${hash})`);
    }
    const shown = checkboxVersion(pages[locale].landing);
    if (file.required.includes(locale) && shown !== current) {
      problems.push(`${locale}: the form's checkbox sends ${shown}, not the version ${current}`);
    }
    if (!file.required.includes(locale) && shown !== null) {
      problems.push(`${locale}: the form shows a consent checkbox, yet ${locale} is not required`);
    }
    if (!pages[locale].consent.includes(current)) {
      problems.push(`${locale}: the consent page does not show its version ${current}`);
    }
    if ((history[locale] ?? [])[0] !== current) {
      warnings.push(
        `${locale}: the consent text's version ${current} is not recorded in ${historyFile}; ` +
          `run \`npm run consent:record\` and commit it`,
      );
    }
  }
  return { problems, warnings };
}
