import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { settle, type PageFunction, type Tab, type TabOptions, type Viewport } from './tab';

export const FIREFOX_BINARY = process.env.FIREFOX_BIN ?? '/usr/bin/firefox-esr';

/**
 * Debian's Firefox ESR, driven by puppeteer-core over WebDriver BiDi: Playwright needs its own
 * patched Firefox build, which cannot be downloaded here, while BiDi is the standard protocol
 * Firefox itself speaks (no geckodriver needed, and Debian does not package one).
 */
export async function launchFirefox({
  javaScript = true,
  reducedMotion = false,
}: TabOptions = {}): Promise<{
  browser: Browser;
  close: () => Promise<void>;
}> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'firefox-e2e-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_BINARY,
    headless: true,
    userDataDir: profile,
    extraPrefsFirefox: {
      // Both are browser-wide in Firefox (BiDi cannot yet turn scripts off per context).
      'javascript.enabled': javaScript,
      'ui.prefersReducedMotion': reducedMotion ? 1 : 0,
      // The machine has no network: no update, telemetry or safe-browsing calls to wait for.
      'app.update.enabled': false,
      'browser.safebrowsing.malware.enabled': false,
      'browser.safebrowsing.phishing.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.enabled': false,
      'network.captive-portal-service.enabled': false,
    },
  });
  return {
    browser,
    async close() {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A new private context and page in the browser, as a Tab. */
export async function firefoxTab(
  browser: Browser,
  viewport: Viewport,
): Promise<{ tab: Tab; close: () => Promise<void> }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport);
  return { tab: puppeteerTab(page, viewport), close: () => context.close() };
}

// Firefox reports a web font whose download the page's own navigation cancelled (the language
// switch leaves while a subset is on its way) as an error with NS_BINDING_ABORTED (0x804B0002).
// The font did not fail; a font that does fail has another status, and its HTTP error is caught
// below as well.
const FONT_DOWNLOAD_CANCELLED = /^downloadable font: download failed .* status=2152398850 /;

function puppeteerTab(page: Page, viewport: Viewport): Tab {
  const problems: string[] = [];
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !FONT_DOWNLOAD_CANCELLED.test(message.text()))
      problems.push(`console error: ${message.text()}`);
    if (message.type() === 'warn') warnings.push(message.text());
  });
  page.on('pageerror', (error) => {
    const text = error instanceof Error ? error.message : String(error);
    if (!FONT_DOWNLOAD_CANCELLED.test(text)) problems.push(`uncaught: ${text}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  // The pointer goes to the point settle() found; puppeteer's own element click first waits on an
  // IntersectionObserver in the page, which never reports while the page's scripts are off.
  const center = (selector: string) => settle(selector, (fn, arg) => page.evaluate(fn, arg));
  return {
    engine: 'firefox',
    viewport,
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' });
    },
    async reload() {
      await page.reload({ waitUntil: 'load' });
    },
    async url() {
      return page.url();
    },
    evaluate<A, R>(fn: PageFunction<A, R>, arg: A) {
      // The drivers type the argument through their own handle types; ours are plain JSON.
      return page.evaluate(fn as never, arg as never) as Promise<R>;
    },
    async onEachDocument(fn, arg) {
      // A preload script over WebDriver BiDi, in the page's own realm.
      await page.evaluateOnNewDocument(fn as never, arg as never);
      return true;
    },
    async click(selector) {
      const { x, y } = await center(selector);
      await page.mouse.click(x, y);
    },
    async hover(selector) {
      const { x, y } = await center(selector);
      await page.mouse.move(x, y);
    },
    async type(selector, text) {
      await center(selector);
      await page.focus(selector);
      await page.keyboard.type(text);
    },
    async wheel(deltaY) {
      await page.mouse.move(viewport.width / 2, viewport.height / 2);
      await page.mouse.wheel({ deltaY });
    },
    async screenshot(file) {
      await page.screenshot({ path: file as `${string}.png`, fullPage: true });
    },
    problems: () => problems,
    warnings: () => warnings,
  };
}
