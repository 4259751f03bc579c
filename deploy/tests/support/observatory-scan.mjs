// Runs the MDN HTTP Observatory (@mdn/mdn-http-observatory) against a host on given ports and
// prints its result as JSON. The package's scan() takes a bare host name and asks ports 80 and
// 443; the tests' Caddy listens elsewhere, so this is scan()'s own body with the ports handed
// to its retriever. Run it with NODE_EXTRA_CA_CERTS naming the CA that signed the front's
// certificate: Node reads that variable only at start.
//   node observatory-scan.mjs HOST HTTP_PORT HTTPS_PORT
import { ALL_TESTS, NUM_TESTS } from '@mdn/mdn-http-observatory/src/constants.js';
import { MINIMUM_SCORE_FOR_EXTRA_CREDIT } from '@mdn/mdn-http-observatory/src/grader/charts.js';
import { getGradeForScore, getScoreModifier } from '@mdn/mdn-http-observatory/src/grader/grader.js';
import { retrieve } from '@mdn/mdn-http-observatory/src/retriever/retriever.js';

const [host, httpPort, httpsPort] = process.argv.slice(2);
const r = await retrieve(host, { httpPort: Number(httpPort), httpsPort: Number(httpsPort) });
if (!r.responses.auto) {
  console.log(JSON.stringify({ error: 'the site seems to be down' }));
  process.exit(1);
}
const results = ALL_TESTS.map((test) => test(r));
let passed = 0;
let withExtraCredit = 100;
let uncurved = 100;
for (const result of results) {
  if (!result.result) continue;
  const modifier = getScoreModifier(result.result);
  passed += result.pass ? 1 : 0;
  withExtraCredit += modifier;
  if (modifier < 0) uncurved += modifier;
}
const final = getGradeForScore(
  uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved,
);
const tests = Object.fromEntries(
  results.map((result) => [
    result.constructor.name,
    { pass: result.pass, result: result.result, modifier: getScoreModifier(result.result) },
  ]),
);
console.log(
  JSON.stringify({
    grade: final.grade,
    score: final.score,
    status: r.responses.auto.status,
    testsPassed: passed,
    testsFailed: NUM_TESTS - passed,
    tests,
  }),
);
