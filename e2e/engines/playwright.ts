import type { Page } from '@playwright/test';
import { watchPage } from './problems';
import type { PageFunction, Tab, Viewport } from './tab';

/** A Playwright page (Chromium) as a Tab. */
export function playwrightTab(page: Page, { javaScriptDisabled = false } = {}): Tab {
  const watched = watchPage(page, { javaScriptDisabled });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const viewport = (): Viewport => page.viewportSize() ?? { width: 0, height: 0 };
  return {
    engine: 'chromium',
    get viewport() {
      return viewport();
    },
    async goto(url) {
      await page.goto(url);
    },
    async reload() {
      await page.reload();
    },
    async url() {
      return page.url();
    },
    evaluate<A, R>(fn: PageFunction<A, R>, arg: A) {
      // The drivers type the argument through their own handle types; ours are plain JSON.
      return page.evaluate(fn as never, arg as never) as Promise<R>;
    },
    async onEachDocument(fn, arg) {
      await page.addInitScript(fn as never, arg as never);
      return true;
    },
    async click(selector) {
      await page.locator(selector).first().click();
    },
    async hover(selector) {
      await page.locator(selector).first().hover();
    },
    async type(selector, text) {
      await page.locator(selector).first().pressSequentially(text);
    },
    async wheel(deltaY) {
      const { width, height } = viewport();
      await page.mouse.move(width / 2, height / 2);
      await page.mouse.wheel(0, deltaY);
    },
    async screenshot(path) {
      await page.screenshot({ path, fullPage: true, timeout: 20_000 });
    },
    problems: () => watched.problems,
    warnings: () => warnings,
  };
}
