// The reference ALTCHA library (npm altcha-lib, version 2) on the other side of the server's
// own proof of work (server/src/spam/proof_of_work.hpp), for the C++ tests: it solves the
// server's challenges, verifies them as the library would, and makes challenges of its own with
// the server's secret for the server to verify.
//
//   node altcha.mjs solve  < {"challenge":{…},"secret":"…"}   (secret optional)
//     → {"payload":"<base64>","counter":n,"verified":true|false|null}
//   node altcha.mjs create < {"secret":"…","iterations":n,"counter":n,"expiresAt":s}
//     → {"challenge":{…},"payload":"<base64>"}
//
// The secret is the server's --proof-secret-file text: both HMAC keys are derived from it as the
// server derives them (keys_from). Exits 2 on input that is not that shape.
import { createHmac } from 'node:crypto';
import { createChallenge, solveChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

const keysFrom = (secret) => ({
  hmacSignatureSecret: createHmac('sha256', secret)
    .update('altcha challenge signature')
    .digest('hex'),
  hmacKeySignatureSecret: createHmac('sha256', secret)
    .update('altcha derived key signature')
    .digest('hex'),
});

// What the widget posts for a version 2 challenge.
const payloadOf = (challenge, solution) =>
  Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  ).toString('base64');

async function solve(input) {
  const solution = await solveChallenge({ challenge: input.challenge, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('no solution within the time');
  let verified = null;
  if (typeof input.secret === 'string') {
    const result = await verifySolution({
      challenge: input.challenge,
      solution,
      deriveKey,
      ...keysFrom(input.secret),
    });
    verified = result.verified;
  }
  return { payload: payloadOf(input.challenge, solution), counter: solution.counter, verified };
}

async function create(input) {
  const challenge = await createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: input.iterations,
    counter: input.counter,
    deriveKey,
    expiresAt: input.expiresAt,
    ...keysFrom(input.secret),
  });
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  return { challenge, payload: payloadOf(challenge, solution) };
}

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
let input;
try {
  input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
} catch (error) {
  process.stderr.write(`stdin is not JSON: ${error.message}\n`);
  process.exit(2);
}
const command = { solve, create }[process.argv[2]];
if (!command || input === null || typeof input !== 'object') {
  process.stderr.write('usage: node altcha.mjs solve|create < JSON\n');
  process.exit(2);
}
process.stdout.write(`${JSON.stringify(await command(input))}\n`);
