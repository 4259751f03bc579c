// Proofs of work minted with a known secret, for the deploy tests and the benchmarks, which
// post leads without a browser to solve challenges (the server's side: server/src/spam/, checked
// against the reference altcha-lib by server/tests/proof_test.cpp). The server must be started
// with the same secret (--proof-secret-file); one PBKDF2 iteration and the counter 1 make a proof
// cost microseconds, which a server started with --proof-iterations 1 accepts like any other.
//
//   node mint-proof.mjs N < secret   → N proofs, one a line (the `altcha` field's value)
import { createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const hmacHex = (key, data) => createHmac('sha256', key).update(data).digest('hex');

/** One valid proof under `secret` (text, as the server's secret file holds it, trimmed). */
export function mintProof(secret, { iterations = 1, lifetimeS = 3600 } = {}) {
  const signatureKey = hmacHex(secret, 'altcha challenge signature');
  const keySignatureKey = hmacHex(secret, 'altcha derived key signature');
  const nonce = randomBytes(16).toString('hex');
  const salt = randomBytes(16).toString('hex');
  const counter = 1;
  const password = Buffer.concat([Buffer.from(nonce, 'hex'), Buffer.from([0, 0, 0, counter])]);
  const key = pbkdf2Sync(password, Buffer.from(salt, 'hex'), iterations, 32, 'sha256');
  // In sorted key order: what altcha-lib signs is JSON.stringify of the sorted parameters.
  const parameters = {
    algorithm: 'PBKDF2/SHA-256',
    cost: iterations,
    expiresAt: Math.floor(Date.now() / 1000) + lifetimeS,
    keyLength: 32,
    keyPrefix: key.subarray(0, 16).toString('hex'),
    keySignature: hmacHex(keySignatureKey, key),
    nonce,
    salt,
  };
  const signature = hmacHex(signatureKey, JSON.stringify(parameters));
  return Buffer.from(
    JSON.stringify({
      challenge: { parameters, signature },
      solution: { counter, derivedKey: key.toString('hex') },
    }),
  ).toString('base64');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const count = Number.parseInt(process.argv[2] ?? '', 10);
  if (!Number.isInteger(count) || count < 1) {
    process.stderr.write('usage: node mint-proof.mjs N < secret\n');
    process.exit(2);
  }
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const secret = Buffer.concat(chunks).toString('utf8').trim();
  const lines = [];
  for (let i = 0; i < count; i += 1) lines.push(mintProof(secret));
  process.stdout.write(`${lines.join('\n')}\n`);
}
