// What SIGTERM does to the clients of one replica: the health check hears "draining" first,
// every client is answered or let go, and the process is gone within 15 s whatever they do.
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { after, test } from 'node:test';
import { request } from './support/https.mjs';
import { Replica, freePort, sleep, tempDir } from './support/processes.mjs';

const dir = tempDir('drain');
after(() => dir.remove());

const connect = (port, text) =>
  new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      if (text) socket.write(text);
      resolve(socket);
    });
    socket.on('error', reject);
  });

test('SIGTERM: /healthz says draining, stubborn clients are cut off, and it exits within 15 s', async () => {
  const server = await new Replica({
    port: await freePort(),
    db: path.join(dir.path, 'leads.db'),
    args: ['--drain-delay-ms', '1500'],
  }).start();
  // A client that never finishes its head, one that keeps its connection idle, and one that
  // stops reading a large answer halfway.
  const slow = await connect(server.port, 'GET /en HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  const idle = await connect(
    server.port,
    `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`,
  );
  const big = /src="(\/assets\/[^"]+\.js)"/.exec(
    (await request(`${server.url}/en`)).body.toString(),
  )[1];
  const stalled = await connect(
    server.port,
    `GET ${big} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`,
  );
  stalled.pause();
  for (const s of [slow, idle, stalled]) s.on('error', () => {});
  await sleep(200);

  const began = performance.now();
  const stopped = server.stop();
  await sleep(300);
  // During the drain delay the replica still serves, and says it is going away.
  const health = await request(`${server.url}/healthz`);
  assert.equal(health.status, 503);
  assert.equal(JSON.parse(health.body).status, 'draining');
  assert.equal((await request(`${server.url}/en`)).status, 200);
  const { code } = await stopped;
  const seconds = (performance.now() - began) / 1000;
  assert.equal(code, 0, server.output);
  assert.ok(seconds < 15, `took ${seconds.toFixed(1)} s to exit`);
  for (const s of [slow, idle, stalled]) s.destroy();
});

test('replaced in place with --reuse-port, the port refuses no connection', async () => {
  const port = await freePort();
  const args = ['--reuse-port'];
  const old = await new Replica({ port, db: path.join(dir.path, 'a.db'), args }).start();
  // New connections one after another (no keep-alive), each a request that must be answered.
  const agent = new http.Agent({ keepAlive: false });
  const failures = [];
  let answered = 0;
  let running = true;
  const client = async () => {
    while (running) {
      try {
        const res = await request(`http://127.0.0.1:${port}/en`, { agent });
        if (res.status === 200) answered += 1;
        else failures.push(`status ${res.status}`);
      } catch (e) {
        failures.push(e.message);
      }
    }
  };
  const clients = [client(), client(), client(), client()];
  await sleep(500);
  const replacement = await new Replica({ port, db: path.join(dir.path, 'a.db'), args }).start();
  await sleep(300);
  const { code } = await old.stop();
  await sleep(500);
  running = false;
  await Promise.all(clients);
  await replacement.stop();
  assert.equal(code, 0, old.output);
  assert.deepEqual(failures, [], `${failures.length} failed, ${answered} answered`);
  assert.ok(answered > 100, `only ${answered} requests answered`);
  // The old process took what was queued for it; the new one took everything after.
  assert.match(old.output, /"event":"listener_closed"/);
});
