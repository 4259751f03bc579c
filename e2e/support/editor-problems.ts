import { expect, type Page } from '@playwright/test';

/**
 * Hosts Sveltia's bundle reaches for on every load, which the editor's policy refuses by design:
 * unpkg.com for its update check (it ignores the failure) and cdn.jsdelivr.net for fonts that
 * /admin/fonts.js serves from the site instead (web/scripts/build-admin.mjs).
 */
export const REFUSED_BY_DESIGN = ['unpkg.com', 'cdn.jsdelivr.net'];

function refusedByDesign(url: string | undefined): boolean {
  if (!url) return false;
  try {
    return REFUSED_BY_DESIGN.includes(new URL(url).host);
  } catch {
    return false;
  }
}

/**
 * The URL a Content Security Policy refusal is about: Chromium names it first ("Loading the font
 * 'https://…' violates…", "Fetch API cannot load https://…. Refused…"); the policy quoted after it
 * names other hosts, which must not count.
 */
function policyRefusalUrl(text: string): string | undefined {
  if (!text.includes('Content Security Policy')) return undefined;
  return /https?:\/\/[^\s'"]+/.exec(text)?.[0];
}

/**
 * engines/problems.ts's watchPage for the editor: console errors, uncaught exceptions, failed
 * requests and responses of 400 or more fail the test, except the policy's refusals of
 * REFUSED_BY_DESIGN, which are the policy doing its work.
 */
export function watchEditorPage(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' || refusedByDesign(policyRefusalUrl(message.text()))) return;
    problems.push(`console error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? 'unknown';
    if (failure === 'csp' && refusedByDesign(request.url())) return;
    problems.push(`failed: ${request.url()} (${failure})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return {
    expectNone() {
      expect(problems, 'console errors and failed requests').toEqual([]);
    },
  };
}
