// Small clients for the tests: HTTP/1.1 (with or without TLS, from a chosen local address) and
// HTTP/2. Each resolves { status, headers, body } and never throws for an HTTP status.
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import { mintProof } from '../../../e2e/receivers/mint-proof.mjs';

export function request(url, { method = 'GET', headers = {}, body, ca, localAddress, agent } = {}) {
  const target = new URL(url);
  const lib = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      target,
      {
        method,
        headers,
        ca,
        localAddress,
        agent,
        servername: target.hostname === 'localhost' ? 'localhost' : undefined,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error(`timeout: ${method} ${url}`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** One HTTP/2 request on its own session; resolves with the negotiated ALPN as `alpn`. */
export function h2request(origin, pathname, { ca, method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const session = http2.connect(origin, { ca });
    session.on('error', reject);
    const stream = session.request({ ':path': pathname, ':method': method, ...headers });
    const chunks = [];
    let head;
    stream.on('response', (h) => (head = h));
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      const alpn = session.alpnProtocol;
      session.close();
      resolve({ status: head[':status'], headers: head, body: Buffer.concat(chunks), alpn });
    });
    stream.on('error', reject);
    stream.end(body);
  });
}

/**
 * The secret every replica the tests start signs proofs of work with (processes.mjs), so a lead
 * can carry a proof minted here, as the page's script sends one it solved.
 */
export const proofSecret = 'the deployment tests proof-of-work secret';

/** A lead as the page's script sends it, from a browser on the same origin, with its proof. */
export function leadBody(name, locale = 'en') {
  return JSON.stringify({
    name,
    social: '@deploy_test',
    email: 'lead@example.com',
    message: `A lead sent by the deployment tests: ${name}`,
    locale,
    website: '',
    altcha: mintProof(proofSecret),
  });
}

export const leadHeaders = {
  'content-type': 'application/json',
  'sec-fetch-site': 'same-origin',
};
