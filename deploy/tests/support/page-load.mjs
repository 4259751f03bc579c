// Visitors reading pages through the front until stopped: every answer that is not a 200 is a
// failure a real visitor would have seen.
import https from 'node:https';
import { request } from './https.mjs';
import { sleep } from './processes.mjs';

// A steady stream, not a flood: the update's build shares the same two cores.
const PAUSE_MS = 20;

export function pageLoad(origin, ca, visitors) {
  const agent = new https.Agent({ keepAlive: true, ca, maxSockets: visitors });
  const outcome = { requests: 0, failures: [] };
  let running = true;
  const visitor = async () => {
    while (running) {
      for (const page of ['/en', '/ru']) {
        outcome.requests += 1;
        try {
          const res = await request(`${origin}${page}`, { agent });
          if (res.status !== 200) outcome.failures.push(`${res.status} on ${page}`);
        } catch (e) {
          outcome.failures.push(`${page}: ${e.message}`);
        }
      }
      await sleep(PAUSE_MS);
    }
  };
  const all = Promise.all(Array.from({ length: visitors }, visitor));
  return {
    /** Resolves with { requests, failures } once every visitor's last request is answered. */
    stop: async () => {
      running = false;
      await all;
      agent.destroy();
      return outcome;
    },
  };
}
