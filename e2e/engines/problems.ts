import { expect, type Page } from '@playwright/test';

/**
 * Collects what a visitor would count as broken: console errors, uncaught exceptions, requests
 * that fail and responses of 400 or more. Requests the page itself cancels (a reload, a video the
 * preloader drops) are not failures, nor are scripts refused while JavaScript is off.
 */
export function watchPage(page: Page, { javaScriptDisabled = false } = {}) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error')
      problems.push(`console error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? 'unknown';
    if (failure === 'net::ERR_ABORTED') return;
    // With JavaScript off Chromium refuses module preloads the way a CSP would.
    if (javaScriptDisabled && failure === 'csp' && request.resourceType() === 'script') return;
    problems.push(`failed: ${request.url()} (${failure})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return {
    problems,
    expectNone() {
      expect(problems, 'console errors and failed requests').toEqual([]);
    },
  };
}
