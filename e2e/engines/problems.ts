import { expect, type Page, type Request } from '@playwright/test';

/** Requests each watched page has sent and not yet seen answered or failed, with when. */
const inFlight = new WeakMap<Page, Map<Request, number>>();

/** What the page still waits for from the network: each URL with how long it has waited. */
export function pendingRequests(page: Page): string[] {
  const now = Date.now();
  return [...(inFlight.get(page) ?? new Map<Request, number>())].map(
    ([request, since]) => `${request.method()} ${request.url()} (${now - since} ms)`,
  );
}

/**
 * Collects what a visitor would count as broken: console errors, uncaught exceptions, requests
 * that fail and responses of 400 or more. Requests the page itself cancels (a reload, a video the
 * preloader drops) are not failures, nor are scripts refused while JavaScript is off.
 */
export function watchPage(page: Page, { javaScriptDisabled = false } = {}) {
  const problems: string[] = [];
  const pending = new Map<Request, number>();
  inFlight.set(page, pending);
  page.on('request', (request) => pending.set(request, Date.now()));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
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
