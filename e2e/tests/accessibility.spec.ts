import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures/test';
import { openLanding, scrollThrough } from '../support/landing';
import { LEGAL_KINDS } from '../support/legal';
import { LOCALES } from '../support/locales';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1920, height: 1080 },
];

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

function expectNoViolations(violations: Violations) {
  const summary = (list: Violations) =>
    list.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(summary(serious), 'serious or critical').toEqual([]);
  const wcag = violations.filter((v) => v.tags.some((tag) => WCAG_TAGS.includes(tag)));
  expect(summary(wcag), 'WCAG 2.2 A/AA').toEqual([]);
}

for (const locale of LOCALES) {
  for (const viewport of VIEWPORTS) {
    test.describe(`${locale} at ${viewport.width} px`, () => {
      test.use({ viewport });

      test('axe finds nothing serious and no WCAG 2.2 A/AA violation', async ({ page, site }) => {
        await openLanding(page, site.url, locale);
        // Lazy images and in-view effects settle before the audit.
        await scrollThrough(page);
        expectNoViolations((await new AxeBuilder({ page }).analyze()).violations);
      });

      // The legal pages are static: nothing to wait for once they have loaded.
      for (const kind of LEGAL_KINDS) {
        test(`the ${kind} page: axe finds nothing serious and no WCAG 2.2 A/AA violation`, async ({
          page,
          site,
        }) => {
          expect((await page.goto(`${site.url}/${locale}/${kind}`))?.status()).toBe(200);
          expectNoViolations((await new AxeBuilder({ page }).analyze()).violations);
        });
      }
    });
  }
}
