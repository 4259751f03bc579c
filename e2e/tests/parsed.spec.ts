import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { parsedLang, parsedPath } from '../support/wait';

// The waits that read a new page must not answer before its document is parsed: a page's
// address and its <html lang> come with its first bytes, its sections later. A page that sends
// its head, then its body only when the test says, shows the gap a busy machine leaves.

test('the parsed language and path wait for the whole document', async ({ page }) => {
  let sendRest: () => void = () => {};
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    // Enough bytes that the browser starts parsing before the rest arrives.
    res.write(`<!doctype html><html lang="ru"><head><title>t</title></head><body>
      <section id="cases">${'<p>падеж</p>'.repeat(2000)}</section>`);
    sendRest = () => res.end('<section id="contact">форма</section></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/ru#contact`, { waitUntil: 'commit' });
    // What the language switch's wait read before: the language, with the page half there.
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ru');
    expect(await page.evaluate(() => !!document.getElementById('contact'))).toBe(false);
    expect(await page.evaluate(parsedLang)).toBe('still loading');
    expect(await page.evaluate(parsedPath)).toBe('still loading');

    sendRest();
    await expect.poll(() => page.evaluate(parsedLang)).toBe('ru');
    expect(await page.evaluate(parsedPath)).toBe('/ru#contact');
    expect(await page.evaluate(() => !!document.getElementById('contact'))).toBe(true);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
