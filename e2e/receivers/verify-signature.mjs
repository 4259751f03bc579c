// Asks the official `standardwebhooks` library whether a receiver would accept one signed
// delivery, for tests written in other languages (the server's C++ tests sign; Node judges).
//
//   node verify-signature.mjs < {"secret":"whsec_…","headers":{"webhook-id":…,
//                                "webhook-timestamp":…,"webhook-signature":…},"body":"…"}
//
// Prints {"ok":true} or {"ok":false,"error":"<the library's message>"} and exits 0 either way,
// so the caller tells "refused" from "could not ask"; exits 2 on input that is not that shape.
import { Webhook } from 'standardwebhooks';

function print(value) {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

function shapeError(input) {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return 'stdin must be one JSON object';
  }
  if (typeof input.secret !== 'string') return 'secret must be a string';
  if (typeof input.body !== 'string') return 'body must be a string';
  if (input.headers === null || typeof input.headers !== 'object') {
    return 'headers must be an object';
  }
  return null;
}

async function main() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  let input;
  try {
    input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (error) {
    print({ ok: false, error: `stdin is not JSON: ${error.message}` });
    return 2;
  }
  const bad = shapeError(input);
  if (bad) {
    print({ ok: false, error: bad });
    return 2;
  }
  try {
    // A secret the library cannot decode is its verdict too: ok:false with its message.
    new Webhook(input.secret).verify(input.body, input.headers);
    print({ ok: true });
  } catch (error) {
    print({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
  return 0;
}

process.exitCode = await main();
