// The proof of work's worker: PBKDF2 a few thousand times over would stall typing on the page.
// One challenge in, one reply out; the page terminates the worker after it.
import type { Challenge } from 'altcha-lib';
import { solve } from './solve';

self.onmessage = async (event: MessageEvent<Challenge>) => {
  self.postMessage(await solve(event.data));
};
