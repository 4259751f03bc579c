import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How long the rest of a page waits after its first part: a few of the browser's frames. */
export const SECOND_PART_AFTER_MS = 600;

/** A proxy in front of a server, and how to stop it. */
export interface TwoPartPages {
  url: string;
  close(): Promise<void>;
}

/**
 * A proxy in front of `upstream` that sends each page's HTML in two parts, as a slow network
 * does: up to the end of its first section (the landing's banner), then the rest
 * SECOND_PART_AFTER_MS later. The browser renders the first part before the rest arrives, so the
 * parts after the banner come into a page already on screen, as on a phone's connection; from
 * the loopback whole, they would be laid out with the rest at the first frame. Everything else
 * goes through as it is, under the upstream's own origin (its Host and Origin checks).
 */
export async function twoPartPages(upstream: string): Promise<TwoPartPages> {
  const origin = new URL(upstream).origin;
  const server = http.createServer((request, response) => {
    void relay(origin, request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function relay(origin: string, request: http.IncomingMessage, response: http.ServerResponse) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    // Uncompressed, so the page can be cut; fetch sets the upstream's Host itself.
    if (value === undefined || ['host', 'accept-encoding', 'connection'].includes(name)) continue;
    headers.set(name, String(value));
  }
  if (headers.has('origin')) headers.set('origin', origin);
  const referer = headers.get('referer');
  if (referer) headers.set('referer', origin + new URL(referer).pathname);
  const hasBody = !['GET', 'HEAD'].includes(request.method ?? 'GET');
  const answer = await fetch(origin + (request.url ?? '/'), {
    method: request.method,
    headers,
    redirect: 'manual',
    ...(hasBody && { body: request as unknown as ReadableStream, duplex: 'half' }),
  });
  const out: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!['content-encoding', 'content-length', 'transfer-encoding'].includes(name))
      out[name] = value;
  });
  response.writeHead(answer.status, out);
  const body = Buffer.from(await answer.arrayBuffer());
  const html = (answer.headers.get('content-type') ?? '').startsWith('text/html');
  const cut = html ? body.indexOf('</section>') : -1;
  if (cut < 0) {
    response.end(body);
    return;
  }
  response.write(body.subarray(0, cut));
  setTimeout(() => response.end(body.subarray(cut)), SECOND_PART_AFTER_MS);
}
