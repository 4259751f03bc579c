import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { expectLandedOn, openLanding } from '../support/landing';
import { LOCALES, messages, t, type Locale } from '../support/locales';
import { isDesktop, VIEWPORTS } from '../support/viewports';
import { CASES } from '../../web/src/lib/caseData';
import { SERVICES } from '../../web/src/lib/services';
import { blockExternalPages, NAV_GROUPS, type NavigationEntry } from '../support/navigation';

function nav(page: Page, locale: Locale) {
  return page.getByRole('navigation', { name: t(locale, 'navigation.label') });
}

for (const locale of LOCALES) {
  for (const viewport of VIEWPORTS) {
    test.describe(`${locale} at ${viewport.width} px`, () => {
      test.use({ viewport });

      test('header links and Hire us land on their sections', async ({ page, site }) => {
        await openLanding(page, site.url, locale);
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
      });

      test("a case's Learn more and a service chip open their pages in a new tab", async ({
        page,
        context,
        site,
      }) => {
        await blockExternalPages(context, site.url);
        await openLanding(page, site.url, locale);
        // Every link points at the docs site, under /ru for Russian readers; one of each is
        // followed (a different one at each width).
        const prefix = locale === 'ru' ? '/ru' : '';
        const pick = VIEWPORTS.indexOf(viewport);

        const learnMore = CASES.map((item) =>
          page.locator('#cases').getByRole('link', {
            name: t(locale, 'cases.learnMoreLabel').replace('{{name}}', item.name),
          }),
        );
        const caseUrls = await Promise.all(learnMore.map((link) => link.getAttribute('href')));
        expect(caseUrls.map((href) => new URL(href!).pathname)).toEqual(
          CASES.map((item) => `${prefix}/${item.url}`),
        );

        const chips = SERVICES.map((service) =>
          page.locator('#services').getByRole('link', {
            name: t(locale, `whatWeOffer.services.${service.key}`),
          }),
        );
        const chipUrls = await Promise.all(chips.map((link) => link.getAttribute('href')));
        expect(chipUrls.map((href) => new URL(href!).pathname)).toEqual(
          SERVICES.map((service) => `${prefix}/${service.slug}`),
        );
        const origins = new Set([...caseUrls, ...chipUrls].map((href) => new URL(href!).origin));
        expect(origins.size, 'one docs site').toBe(1);

        for (const [link, href] of [
          [learnMore[pick], caseUrls[pick]],
          [chips[pick * 3], chipUrls[pick * 3]],
        ] as const) {
          const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
          await expect(tab).toHaveURL(href!);
          await tab.close();
        }
        // The visitor stays on the landing page.
        await expect(page).toHaveURL(`${site.url}/${locale}`);
      });

      if (isDesktop(viewport)) {
        test('the hover preview panel shows each group and its card opens a new tab', async ({
          page,
          context,
          site,
        }) => {
          const opened = await blockExternalPages(context, site.url);
          await openLanding(page, site.url, locale);
          for (const group of NAV_GROUPS) {
            const entries = messages[locale].navigation[group] as NavigationEntry[];
            const label = t(locale, `navigation.links.${group}`);
            const panel = page.getByRole('group', {
              name: t(locale, 'navigation.previewLabel').replace('{{group}}', label),
            });
            await expect(panel).toBeHidden();
            await nav(page, locale).getByRole('link', { name: label }).hover();
            await expect(panel).toBeVisible();
            const cards = panel.getByRole('listitem');
            await expect(cards).toHaveCount(5);
            for (const [index, entry] of entries.entries()) {
              await expect(cards.nth(index)).toContainText(entry.name);
              // Two big cards carry the teaser, three small ones only the title.
              if (entry.description !== null) {
                if (index < 2) await expect(cards.nth(index)).toContainText(entry.description);
                else await expect(cards.nth(index)).not.toContainText(entry.description);
              }
            }
            const card = cards.nth(0).getByRole('link');
            const href = await card.getAttribute('href');
            expect(new URL(href!).pathname).toBe(
              `${locale === 'ru' ? '/ru' : ''}/${entries[0].link}`,
            );
            const [tab] = await Promise.all([context.waitForEvent('page'), card.click()]);
            await expect(tab).toHaveURL(href!);
            await tab.close();
            // Leaving the group closes its panel.
            await page.mouse.move(viewport.width / 2, viewport.height - 10);
            await expect(panel).toBeHidden();
          }
          expect(opened.length).toBe(NAV_GROUPS.length);
        });
      }
    });
  }
}
