// Size budgets of the production build, checked in `make test` (sizes are deterministic, unlike
// timings). Fails with the numbers when a change makes the first load heavier than allowed. The
// limits are in budgets/limits.mjs, each with the figures it was set against.
import { measureCoverage } from './js-coverage.mjs';
import { dist } from './budgets/build.mjs';
import { checkDocsPages } from './budgets/docs.mjs';
import { checkEditor } from './budgets/editor.mjs';
import { readFaces } from './budgets/fonts.mjs';
import { checkLandingPage } from './budgets/landing.mjs';
import { checkWebVitalsLazy } from './budgets/scripts.mjs';

const failures = [];
const allCritical = new Set();
const faces = await readFaces();
const locales = ['en', 'ru'];
const coverage = await measureCoverage({ dist, locales });
for (const locale of locales) {
  failures.push(...(await checkLandingPage(locale, { locales, faces, coverage, allCritical })));
}
failures.push(...(await checkDocsPages(faces)));
failures.push(...(await checkWebVitalsLazy(allCritical)));
failures.push(...(await checkEditor()));
if (failures.length) {
  console.error(`budget exceeded:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
