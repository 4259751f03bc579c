import type { Page } from '@playwright/test';
import { CHROMIUM_EXECUTABLE, chromiumFlags } from '../engines/chromium';
import { FAILED_NOTICE, NO_WEBGL_NOTICE } from '../../web/src/sections/banner/notices';
import { expect, test } from '../fixtures/test';
import { openLanding } from '../support/landing';
import { differingShare } from '../support/pixels';
import { watchPage } from '../engines/problems';
import { VIEWPORTS } from '../support/viewports';

// Issue 14: where WebGL is missing (headless Firefox here) or the 3D chunk or model fails to load,
// the banner shows a still image of the emblem, rendered at build time, in the canvas's place:
// same box, same picture, nothing moves, one console notice and no errors.
const WIDTHS = VIEWPORTS.filter((v) => v.width === 375 || v.width === 1280);
const MODEL = '.banner__model';
/**
 * Pixels allowed to differ clearly between the still and the live emblem: antialiasing of the thin
 * orbits and the image's compression, 0.2 to 0.4 % when they match. A still 3 % too large or 4 px
 * aside differs in 3 to 12 % of them.
 */
const MAX_DIFFERING = 0.02;

/** The console warnings the page logs from now on. */
function warnings(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') seen.push(message.text());
  });
  return seen;
}

/** Boxes that must not move when the emblem appears: its own, the headline's, the next section's. */
function layout(page: Page) {
  return page.evaluate(
    (selectors) =>
      selectors.map((selector) => {
        const box = document.querySelector(selector)!.getBoundingClientRect();
        return [box.x, box.y + window.scrollY, box.width, box.height];
      }),
    [MODEL, '#banner-title', '#cases'],
  );
}

/**
 * Opens the page and starts the emblem, which waits for the first interaction after load; returns
 * the boxes before it appeared and the emblem's element (the canvas or the still image) once its
 * picture is in.
 */
async function showEmblem(
  page: Page,
  baseUrl: string,
  element: 'canvas' | 'img',
  { wake = element === 'canvas' } = {},
) {
  await openLanding(page, baseUrl, 'en');
  const before = await layout(page);
  await page.mouse.move(1, 1);
  const emblem = page.locator(`${MODEL} ${element}`);
  if (wake) {
    // WebGL here is software (SwiftShader): the still stands in until the pointer comes over
    // it, then the scene is fetched and, once drawn, takes its place.
    await expect(page.locator(`${MODEL} img`)).toBeVisible({ timeout: 30_000 });
    await page.hover(MODEL);
  }
  if (element === 'canvas') {
    await expect(page.locator(`${MODEL} img`)).toHaveCount(0, { timeout: 30_000 });
  }
  // The scene's chunk (three.js), the model and the first frame in software WebGL: seconds on a
  // quiet machine, over 5 in the gate with both workers busy. The test waits for it, not a budget.
  await expect(emblem).toBeVisible({ timeout: 30_000 });
  const box = page.locator(MODEL);
  // The emblem's box pictured with the emblem shown and hidden must differ: it has been drawn.
  // Each screenshot of the desktop box takes seconds under Chromium's software WebGL.
  let shown: Buffer = Buffer.alloc(0);
  await expect
    .poll(
      async () => {
        shown = await box.screenshot();
        await emblem.evaluate((el) => (el.style.visibility = 'hidden'));
        const hidden = await box.screenshot();
        await emblem.evaluate((el) => (el.style.visibility = ''));
        return differingShare(page, shown, hidden);
      },
      { message: 'the emblem is drawn', timeout: 15_000 },
    )
    .toBeGreaterThan(0.05);
  // Where the element sits inside the emblem's box, before any transform.
  const place = await emblem.evaluate((el: HTMLElement) => [
    el.offsetLeft,
    el.offsetTop,
    el.offsetWidth,
    el.offsetHeight,
  ]);
  return { before, after: await layout(page), place, shown };
}

for (const viewport of WIDTHS) {
  test(`without WebGL at ${viewport.width} px the still image stands where the live emblem would, with one notice`, async ({
    page,
    site,
    playwright,
  }) => {
    // The live emblem: this test's Chromium, whose WebGL headless runs in software (SwiftShader).
    await page.setViewportSize(viewport);
    const live = await showEmblem(page, site.url, 'canvas');

    // The same page in a Chromium without WebGL.
    const browser = await playwright.chromium.launch({
      executablePath: CHROMIUM_EXECUTABLE,
      args: [...chromiumFlags, '--disable-webgl'],
    });
    try {
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
      const stillPage = await context.newPage();
      const problems = watchPage(stillPage);
      const warned = warnings(stillPage);
      const still = await showEmblem(stillPage, site.url, 'img');
      expect(
        await stillPage.evaluate(() => !!document.createElement('canvas').getContext('webgl')),
      ).toBe(false);
      const img = stillPage.locator(`${MODEL} img`);
      expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
      await expect(stillPage.locator(`${MODEL} canvas`)).toHaveCount(0);

      expect(still.after, 'nothing moved when the still appeared').toEqual(still.before);
      expect(still.before, 'the page is laid out as with WebGL').toEqual(live.before);
      expect(still.place, "the still fills the canvas's box").toEqual(live.place);
      await test.info().attach('live', { body: live.shown, contentType: 'image/png' });
      await test.info().attach('still', { body: still.shown, contentType: 'image/png' });
      const differing = await differingShare(stillPage, live.shown, still.shown);
      expect(differing, 'share of pixels unlike the live emblem').toBeLessThan(MAX_DIFFERING);
      expect(warned).toEqual([NO_WEBGL_NOTICE]);
      problems.expectNone();
    } finally {
      await browser.close();
    }
  });
}

test('when the model cannot be fetched, the still image takes its place with one notice', async ({
  page,
  site,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const warned = warnings(page);
  // Dropped as by a lost connection. A 404 shows the still too, but Chromium itself logs every
  // response of 400 or more as a console error, which the fixture counts against the page.
  await page.route('**/models/emblem.glb', (route) => route.abort('aborted'));
  const { before, after } = await showEmblem(page, site.url, 'img', { wake: true });
  expect(after).toEqual(before);
  await expect.poll(() => warned.length, { message: 'the notice', timeout: 30_000 }).toBe(1);
  await expect(page.locator(`${MODEL} canvas`)).toHaveCount(0);
  expect(warned[0]).toContain(FAILED_NOTICE);
});
