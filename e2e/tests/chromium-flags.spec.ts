import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { chromiumLaunchOptions, UNUSED_BROWSER_UI } from '../engines/chromium';

// The Chromium every suite launches (engines/chromium.ts), as it really started.
test.describe('the suites’ Chromium', () => {
  test('keeps every feature Playwright turns off, off, and builds no address-bar popup', async ({
    playwright,
  }) => {
    const server = await playwright.chromium.launchServer(chromiumLaunchOptions);
    try {
      const args = readFileSync(`/proc/${server.process().pid}/cmdline`, 'utf8').split('\0');
      const lists = args
        .filter((arg) => arg.startsWith('--disable-features='))
        .map((arg) => arg.slice('--disable-features='.length).split(','));
      // Chromium reads the last one; the first is Playwright's own.
      expect(lists.length, 'Playwright’s list and ours').toBeGreaterThanOrEqual(2);
      const [playwrights, read] = [lists[0]!, lists.at(-1)!];
      expect(read, 'a feature Playwright now turns off').toEqual(
        expect.arrayContaining(playwrights),
      );
      expect(read).toEqual(expect.arrayContaining(UNUSED_BROWSER_UI));

      const browser = await playwright.chromium.connect(server.wsEndpoint());
      const context = await browser.newContext();
      await (await context.newPage()).goto('about:blank');
      const session = await browser.newBrowserCDPSession();
      const { targetInfos } = (await session.send('Target.getTargets', { filter: [{}] })) as {
        targetInfos: { url: string }[];
      };
      const pages = targetInfos.map((target) => target.url);
      expect(pages.filter((url) => url.startsWith('chrome://'))).toEqual([]);
      await browser.close();
    } finally {
      await server.close();
    }
  });
});
