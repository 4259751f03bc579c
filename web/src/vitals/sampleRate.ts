// Runs in vite.config.ts, in Node: a bad value fails the build, and the page gets only the number.

/** The share of page loads measured when VITE_RUM_SAMPLE_RATE is unset or empty. */
export const DEFAULT_SAMPLE_RATE = 1;

/**
 * VITE_RUM_SAMPLE_RATE as a share of page loads, from 0 (nobody) to 1 (everybody). Only plain
 * decimals count: `0x1`, `1e-1`, `50%` or `Infinity` are mistakes, not rates.
 */
export function parseSampleRate(raw: string | undefined): number {
  const text = raw?.trim() ?? '';
  if (text === '') return DEFAULT_SAMPLE_RATE;
  const rate = /^(?:\d+(?:\.\d*)?|\.\d+)$/.test(text) ? Number(text) : NaN;
  if (!(rate >= 0 && rate <= 1)) {
    throw new Error(
      `VITE_RUM_SAMPLE_RATE must be a number from 0 to 1 (the share of page loads whose ` +
        `Web Vitals are sent), not ${JSON.stringify(raw)}`,
    );
  }
  return rate;
}
