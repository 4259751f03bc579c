import { preloaderCovers } from './scrollLock';

// Settled and marked so as React's `use` reads a promise it has seen: a render after the preloader
// has gone goes straight on instead of suspending for a microtask.
const settled = Object.assign(Promise.resolve(), { status: 'fulfilled' });
let pending: Promise<void> | undefined;

/**
 * Resolves once the preloader has let the page go (its class leaves `<html>`). One promise for
 * every caller while it covers the page, as React's `use` needs the same one on each retry.
 * Never waits on the server, which renders every part.
 */
export function whenPreloaderGone(): Promise<void> {
  if (!preloaderCovers()) return settled;
  return (pending ??= new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (preloaderCovers()) return;
      observer.disconnect();
      pending = undefined;
      resolve();
    });
    observer.observe(document.documentElement, { attributeFilter: ['class'] });
  }));
}
