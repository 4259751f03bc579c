import { readFileSync } from 'node:fs';
import path from 'node:path';
import { siteDir } from '../fixtures/paths';
import { expect, test } from '../fixtures/test';
import { openLanding } from '../support/landing';
import { LOCALES } from '../support/locales';

/**
 * Every text on every page is drawn at a weight its face has. The build cuts each brand face to
 * the weights the style sheets use (web/scripts/fonts.mjs); a rule asking for another weight
 * would get a clamped or synthetic one, so this reads the faces' declared ranges from the page
 * and each text's computed weight, hidden menus and panels included.
 */
const BRAND_FAMILIES = ['Manrope Variable', 'Unbounded Variable'];
const SERVICE_PAGES = ['privacy', 'consent', 'thanks'];
/** Pages the server sends with an error status (a refused lead, an unknown path), by file. */
const ERROR_PAGES = ['form-error', 'form-unavailable', 'form-needs-script', '404'];

function weightsOutsideFaces(): { families: string[]; checked: number; problems: string[] } {
  const ranges = new Map<string, [number, number][]>();
  for (const face of document.fonts) {
    const family = face.family.replace(/^["']|["']$/g, '');
    const [min, max = min] = face.weight.split(' ').map(Number);
    ranges.set(family, [...(ranges.get(family) ?? []), [min, max]]);
  }
  const problems: string[] = [];
  let checked = 0;
  for (const element of document.querySelectorAll('body *')) {
    const own = [...element.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
    );
    if (!own) continue;
    const style = getComputedStyle(element);
    const family =
      style.fontFamily
        .split(',')[0]
        ?.trim()
        .replace(/^["']|["']$/g, '') ?? '';
    const faces = ranges.get(family);
    if (!faces) continue;
    checked += 1;
    const weight = Number(style.fontWeight);
    if (!faces.some(([min, max]) => weight >= min && weight <= max))
      problems.push(`${element.tagName.toLowerCase()}.${element.className}: ${family} ${weight}`);
  }
  return { families: [...ranges.keys()], checked, problems: [...new Set(problems)] };
}

for (const locale of LOCALES) {
  test(`${locale}: every text is drawn at a weight its font face has`, async ({ page, site }) => {
    await openLanding(page, site.url, locale);
    const pages = [`/${locale}`, ...SERVICE_PAGES.map((name) => `/${locale}/${name}`)];
    // The error pages as the server's files, answered with 200 here: the page watcher counts
    // an error status as a problem, and only their text and style sheet matter.
    for (const name of ERROR_PAGES) {
      const html = readFileSync(path.join(siteDir, locale, `${name}.html`), 'utf8');
      const url = `/${locale}/__error-page-${name}`;
      await page.route(`${site.url}${url}`, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: html }),
      );
      pages.push(url);
    }
    for (const url of pages) {
      if (url !== `/${locale}`) await page.goto(`${site.url}${url}`);
      const found = await page.evaluate(weightsOutsideFaces);
      expect(found.families, url).toEqual(expect.arrayContaining(BRAND_FAMILIES));
      expect(found.checked, `${url}: texts in a brand face`).toBeGreaterThan(3);
      expect(found.problems, url).toEqual([]);
    }
  });
}
