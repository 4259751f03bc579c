import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { partIdFor } from '../../web/src/sections/header/navigation';
import { expectLandedOn, openLanding } from '../support/landing';
import { LOCALES, messages, t, type Locale } from '../support/locales';
import { blockExternalPages, NAV_GROUPS, type NavigationEntry } from '../support/navigation';
import { isDesktop, VIEWPORTS, type Viewport } from '../support/viewports';

function nav(page: Page, locale: Locale) {
  return page.getByRole('navigation', { name: t(locale, 'navigation.label') });
}

/** The docs page of a target from the content (`<section>/<part>#anchor`, `#anchor`, empty). */
function docsHref(locale: Locale, target: string): string {
  return `/${locale}/docs/${target}`;
}

async function headerLinks(page: Page, locale: Locale, viewport: Viewport) {
  const burger = page.getByRole('button', { name: t(locale, 'buttons.openMenu') });
  for (const group of NAV_GROUPS) {
    const link = nav(page, locale).getByRole('link', {
      name: t(locale, `navigation.links.${group}`),
    });
    if (isDesktop(viewport)) {
      await expect(burger).toBeHidden();
    } else {
      await expect(link).toBeHidden();
      await burger.click();
      await expect(
        page.getByRole('button', { name: t(locale, 'buttons.closeMenu') }),
      ).toHaveAttribute('aria-expanded', 'true');
    }
    await link.click();
    await expectLandedOn(page, group);
    // The sidebar closes once a link is chosen.
    if (!isDesktop(viewport)) await expect(link).toBeHidden();
  }
  await page.getByRole('link', { name: t(locale, 'buttons.hireUs') }).click();
  await expectLandedOn(page, 'contact');
}

/**
 * Every Learn more and every chip points at its docs page of this site, in the page's language
 * (the crawl in docs.spec.ts follows every one; the docs journeys click them in each engine).
 */
async function caseAndServiceLinks(page: Page, locale: Locale) {
  // The cases and services are data in the locale files, in the order the page shows them.
  const cases = messages[locale].cases.items;
  const services = messages[locale].whatWeOffer.services;
  const learnMore = cases.map((item) =>
    page.locator('#cases').getByRole('link', {
      name: t(locale, 'cases.learnMoreLabel').replace('{{name}}', item.name),
    }),
  );
  const caseUrls = await Promise.all(learnMore.map((link) => link.getAttribute('href')));
  expect(caseUrls).toEqual(cases.map((item) => docsHref(locale, item.url)));

  const chips = services.map((service) =>
    page.locator('#services').getByRole('link', {
      name: service.name,
    }),
  );
  const chipUrls = await Promise.all(chips.map((link) => link.getAttribute('href')));
  expect(chipUrls).toEqual(services.map((service) => docsHref(locale, service.slug)));
  // They open in the same tab: this site's own pages.
  for (const link of [...learnMore, ...chips]) await expect(link).not.toHaveAttribute('target');
}

/**
 * A field of the docs store as persisted under localStorage 'vuex' (spec §3), wherever the
 * store library nests it.
 */
async function persistedDocs(page: Page, field: string): Promise<unknown> {
  const raw = await page.evaluate(() => localStorage.getItem('vuex'));
  const find = (node: unknown): unknown => {
    if (node === null || typeof node !== 'object') return undefined;
    if (field in node) return (node as Record<string, unknown>)[field];
    for (const child of Object.values(node)) {
      const found = find(child);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return raw === null ? undefined : find(JSON.parse(raw));
}

async function previewPanel(page: Page, locale: Locale, vp: Viewport) {
  for (const [groupIndex, group] of NAV_GROUPS.entries()) {
    const entries = messages[locale].navigation[group] as NavigationEntry[];
    const label = t(locale, `navigation.links.${group}`);
    const panel = page.getByRole('group', {
      name: t(locale, 'navigation.previewLabel').replace('{{group}}', label),
    });
    await expect(panel).toBeHidden();
    await nav(page, locale).getByRole('link', { name: label }).hover();
    await expect(panel).toBeVisible();
    // Hovering a group selects its docs section (cases 0, services 1, about 2).
    await expect.poll(() => persistedDocs(page, 'currentSectionId')).toBe(groupIndex);
    const cards = panel.getByRole('listitem');
    await expect(cards).toHaveCount(5);
    for (const [index, entry] of entries.entries()) {
      await expect(cards.nth(index)).toContainText(entry.name);
      // Two big cards carry the teaser, three small ones only the title.
      if (entry.description !== '') {
        if (index < 2) await expect(cards.nth(index)).toContainText(entry.description);
        else await expect(cards.nth(index)).not.toContainText(entry.description);
      }
    }
    // A different card of each group links to its docs page in the page's language (followed
    // by the docs journeys); here the click stays, to see the store take the card's part.
    const card = cards.nth(groupIndex + 1).getByRole('link');
    expect(await card.getAttribute('href')).toBe(docsHref(locale, entries[groupIndex + 1].link));
    await page.evaluate(() =>
      document.addEventListener('click', (event) => event.preventDefault(), { once: true }),
    );
    await card.click();
    // Choosing a card selects its part (Web3 0, Web2 1, Telegram 2, Softs 3, else its place).
    await expect
      .poll(() => persistedDocs(page, 'currentPartId'))
      .toBe(partIdFor(entries[groupIndex + 1], groupIndex + 1));
    // Leaving the group closes its panel.
    await page.mouse.move(vp.width / 2, vp.height - 10);
    await expect(panel).toBeHidden();
  }
}

for (const locale of LOCALES) {
  for (const viewport of VIEWPORTS) {
    test.describe(`${locale} at ${viewport.width} px`, () => {
      test.use({ viewport });

      test(`header links, Hire us, ${isDesktop(viewport) ? 'the preview panel, ' : ''}Learn more and service chips lead where they say`, async ({
        page,
        context,
        site,
      }) => {
        const opened = await blockExternalPages(context, site.url);
        await openLanding(page, site.url, locale);
        await test.step(`header links and Hire us${isDesktop(viewport) ? '' : ' through the burger menu'}`, () =>
          headerLinks(page, locale, viewport));
        if (isDesktop(viewport)) {
          await test.step('the hover preview panel and its cards', () =>
            previewPanel(page, locale, viewport));
        }
        await test.step("a case's Learn more and a service chip", () =>
          caseAndServiceLinks(page, locale));
        // Every link stayed on this site, and the visitor is back on the landing page.
        expect(opened).toEqual([]);
        await expect(page).toHaveURL(new RegExp(`^${site.url}/${locale}(#\\w+)?$`));
      });
    });
  }
}
