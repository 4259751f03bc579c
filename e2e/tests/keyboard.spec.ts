import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { focusStop, tagControls, type FocusStop } from '../support/keyboard';
import { openLanding, SECTION_IDS } from '../support/landing';
import { LOCALES, t, type Locale } from '../support/locales';
import { blockExternalPages, NAV_GROUPS } from '../support/navigation';
import { isDesktop, VIEWPORTS } from '../support/viewports';

/** Presses Tab from the top of the page until focus leaves the page or comes round again. */
async function tabThrough(page: Page): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  for (let step = 0; step < 200; step++) {
    await page.keyboard.press('Tab');
    const stop = await focusStop(page, SECTION_IDS);
    if (stop.name === 'body' || (stop.index >= 0 && stops.some((s) => s.index === stop.index))) {
      break;
    }
    stops.push(stop);
  }
  return stops;
}

function navLink(page: Page, locale: Locale, group: string) {
  return page
    .getByRole('navigation', { name: t(locale, 'navigation.label') })
    .getByRole('link', { name: t(locale, `navigation.links.${group}`) });
}

async function tabJourney(page: Page) {
  const controls = await tagControls(page);
  const stops = await tabThrough(page);

  const missed = controls.filter((_, index) => !stops.some((s) => s.index === index));
  expect(missed, 'controls Tab never reaches').toEqual([]);
  const regions = stops.map((s) => s.region);
  expect(regions, 'header, sections in order, footer').toEqual([...regions].sort((a, b) => a - b));
  expect(regions[0]).toBe(0);
  const unringed = stops.filter((s) => !s.focusVisible || !s.ring).map((s) => s.name);
  expect(unringed, 'focused without a visible ring').toEqual([]);
  const hidden = stops.filter((s) => !s.unobscured).map((s) => `${s.name} (under ${s.coveredBy})`);
  expect(hidden, 'focused but off screen or covered').toEqual([]);
}

async function menuJourney(page: Page, locale: Locale) {
  // The burger's name says what it will do: open the menu, or close it.
  const burger = page.getByRole('button', {
    name: new RegExp(`^(${t(locale, 'buttons.openMenu')}|${t(locale, 'buttons.closeMenu')})$`),
  });
  await burger.focus();
  await page.keyboard.press('Enter');
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  // Focus moves into the open menu and stays there.
  for (let step = 0; step < 12; step++) {
    await page.keyboard.press('Tab');
    const inMenu = await page.evaluate(
      () => !!document.activeElement?.closest('#site-menu, [aria-controls="site-menu"]'),
    );
    expect(inMenu, `focus inside the menu after ${step + 1} Tab`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(burger).toBeFocused();
  await expect(navLink(page, locale, NAV_GROUPS[0])).toBeHidden();

  // Enter on a menu link scrolls to its section and closes the menu.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(navLink(page, locale, NAV_GROUPS[0])).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(page).toHaveURL(new RegExp(`#${NAV_GROUPS[0]}$`));
}

async function previewJourney(
  page: Page,
  context: BrowserContext,
  locale: Locale,
  siteUrl: string,
) {
  await blockExternalPages(context, siteUrl);
  for (const group of NAV_GROUPS) {
    const link = navLink(page, locale, group);
    const panel = page.locator(`#${await link.getAttribute('aria-controls')}`);
    await link.focus();
    await expect(panel).toBeVisible();
    await expect(link).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    const card = panel.getByRole('link').first();
    await expect(card).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(link).toBeFocused();
    await expect(link).toHaveAttribute('aria-expanded', 'false');
  }
  // Enter on a card opens its docs page, in the page's language.
  const first = navLink(page, locale, NAV_GROUPS[0]);
  await first.focus();
  await page.keyboard.press('Tab');
  const card = page.locator(':focus');
  const href = await card.getAttribute('href');
  expect(href).toMatch(new RegExp(`^/${locale}/docs/`));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new URL(href!, siteUrl).href);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

for (const locale of LOCALES) {
  for (const viewport of VIEWPORTS) {
    test.describe(`${locale} at ${viewport.width} px`, () => {
      test.use({ viewport });

      test('Tab reaches every control in reading order with a visible focus ring; the menu and preview panel work and Escape closes them', async ({
        page,
        context,
        site,
      }) => {
        await openLanding(page, site.url, locale);
        await test.step('Tab through the page', () => tabJourney(page));
        await test.step(isDesktop(viewport) ? 'the preview panels' : 'the burger menu', () =>
          isDesktop(viewport)
            ? previewJourney(page, context, locale, site.url)
            : menuJourney(page, locale),
        );
      });
    });
  }
}
