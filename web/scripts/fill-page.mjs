// How scripts/prerender.mjs fills index.html: a module of its own so a test can run it.

/** The template's root element, exactly as index.html writes it. */
export const TEMPLATE_HTML_TAG = '<html lang="en">';

/**
 * One page from the template: its locale on <html> (and `htmlClass`, if given), its head and its
 * rendered body. Throws when the template lacks a placeholder, so a changed index.html fails the
 * build instead of shipping a page in the wrong language or without its scroll lock.
 */
export function fillPage(template, locale, { html, head }, htmlClass) {
  for (const placeholder of [TEMPLATE_HTML_TAG, '<!--app-head-->', '<!--app-html-->']) {
    if (!template.includes(placeholder)) throw new Error(`index.html lacks ${placeholder}`);
  }
  const classAttribute = htmlClass ? ` class="${htmlClass}"` : '';
  return template
    .replace(TEMPLATE_HTML_TAG, `<html lang="${locale}"${classAttribute}>`)
    .replace('<!--app-head-->', () => head)
    .replace('<!--app-html-->', () => html);
}
