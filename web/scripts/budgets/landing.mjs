// A landing page's budgets in one locale: its HTML and the first flight, the JavaScript before
// the first paint and before it is interactive (and how much of it runs), its font preloads, and
// neither three.js nor web-vitals on that path.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliSize, dist } from './build.mjs';
import { checkFonts } from './fonts.mjs';
import { BUDGETS } from './limits.mjs';
import { entryScripts, interactiveJs, isWebVitalsCode } from './scripts.mjs';

/**
 * Checks `/<locale>` against the budgets and prints its figures. `coverage` is what ran of each
 * script (scripts/js-coverage.mjs); every critical script is added to `allCritical`. Returns the
 * failures, as text.
 */
export async function checkLandingPage(locale, { locales, faces, coverage, allCritical }) {
  const failures = [];
  const htmlPath = path.join(dist, locale, 'index.html');
  const html = await readFile(htmlPath);
  const htmlBr = brotliSize(html);
  const { first, all: scripts } = await interactiveJs(
    entryScripts(html.toString('utf8')),
    locale,
    locales,
  );
  let jsBr = 0;
  let jsRaw = 0;
  let firstBr = 0;
  const threeOnPath = [];
  const vitalsOnPath = [];
  for (const [file, code] of scripts) {
    allCritical.add(file);
    const br = brotliSize(code);
    jsRaw += code.length;
    jsBr += br;
    if (first.has(file)) firstBr += br;
    // three.js belongs to the lazy 3D chunk; its renderer class name gives it away.
    if (code.includes('WebGLRenderer')) threeOnPath.push(path.relative(dist, file));
    if (isWebVitalsCode(code.toString('utf8'))) vitalsOnPath.push(path.relative(dist, file));
  }
  const flightRoom = BUDGETS.firstFlightBytes - BUDGETS.responseHeadBytes - htmlBr;
  console.log(
    `budget ${locale}: HTML and response head ${htmlBr + BUDGETS.responseHeadBytes} B of the ` +
      `first flight's ${BUDGETS.firstFlightBytes}: ` +
      (flightRoom >= 0
        ? `${flightRoom} B to spare`
        : `${-flightRoom} B OVER, one more round trip before the first paint`),
  );
  // Exact bytes too: the Web Vitals starter may add at most 1 KB brotli here (issue 16).
  console.log(
    `budget ${locale}: HTML ${(htmlBr / 1024).toFixed(1)} KB br (limit ${BUDGETS.htmlBytes / 1024}), ` +
      `critical JS ${scripts.size} files ${(jsRaw / 1024).toFixed(1)} KB raw, ` +
      `${(jsBr / 1024).toFixed(1)} KB br = ${jsBr} B (limit ${BUDGETS.criticalJsBytes / 1024}), ` +
      `of it before the first paint ${first.size} files ${firstBr} B br ` +
      `(limit ${BUDGETS.firstPaintJsBytes})`,
  );
  let covered = 0;
  let unused = 0;
  for (const file of scripts.keys()) {
    const measured = coverage[locale][`/${path.relative(dist, file)}`];
    if (!measured) {
      failures.push(`${locale}: ${path.relative(dist, file)} is critical but never ran`);
      continue;
    }
    covered += measured.bytes;
    unused += measured.unused;
  }
  const share = covered ? unused / covered : 1;
  console.log(
    `budget ${locale}: critical JS unused after hydrating ${(share * 100).toFixed(1)} % ` +
      `(${unused} of ${covered} B raw, limit ${BUDGETS.unusedCriticalShare * 100} %)`,
  );
  if (share > BUDGETS.unusedCriticalShare)
    failures.push(
      `${locale}: ${(share * 100).toFixed(1)} % of the critical JS does not run while the ` +
        `page loads > ${BUDGETS.unusedCriticalShare * 100} %`,
    );
  if (firstBr > BUDGETS.firstPaintJsBytes)
    failures.push(
      `${locale}: ${firstBr} B brotli of script run before the first paint > ` +
        `${BUDGETS.firstPaintJsBytes} (${[...first.keys()].map((f) => path.relative(dist, f)).join(', ')})`,
    );
  const fonts = await checkFonts(locale, html.toString('utf8'), faces);
  console.log(
    `budget ${locale}: fonts preloaded ${(fonts.bytes / 1024).toFixed(1)} KB ` +
      `(limit ${BUDGETS.fontBytes[locale] / 1024})`,
  );
  failures.push(...fonts.problems);
  if (fonts.bytes > BUDGETS.fontBytes[locale])
    failures.push(`${locale}: preloaded fonts are ${fonts.bytes} B > ${BUDGETS.fontBytes[locale]}`);
  if (htmlBr > BUDGETS.htmlBytes)
    failures.push(`${locale}: HTML is ${htmlBr} B brotli > ${BUDGETS.htmlBytes}`);
  if (jsBr > BUDGETS.criticalJsBytes)
    failures.push(`${locale}: critical JS is ${jsBr} B brotli > ${BUDGETS.criticalJsBytes}`);
  if (threeOnPath.length)
    failures.push(`${locale}: three.js is loaded before interactive (${threeOnPath.join(', ')})`);
  if (vitalsOnPath.length)
    failures.push(`${locale}: web-vitals is in the critical JS (${vitalsOnPath.join(', ')})`);
  return failures;
}
