import type { Page } from '@playwright/test';

interface ProcessInfo {
  type: string;
  id: number;
  cpuTime: number;
}

const SAMPLE_MS = 1000;

/**
 * What a Chromium was doing when a test ran out of time, in one line for the failure's brief:
 * whether the page's main thread still answers, and the CPU each of the browser's processes
 * spent in the second after. A rare gate failure (a reading test's `scrollThrough` left
 * unanswered for 60 s, no frame painted) left nothing else to go on: a busy GPU process and an
 * idle renderer tell a different story from a renderer spinning alone.
 */
export async function chromiumHangReport(page: Page): Promise<string> {
  const browser = page.context().browser();
  if (!browser) return 'no browser to ask';
  const session = await browser.newBrowserCDPSession();
  try {
    const sample = async () =>
      ((await session.send('SystemInfo.getProcessInfo')) as { processInfo: ProcessInfo[] })
        .processInfo;
    const answers = Promise.race([
      page.evaluate(() => true).catch(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), SAMPLE_MS)),
    ]);
    const before = await sample();
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    const after = await sample();
    const spent = after.map(({ type, id, cpuTime }) => {
      const then = before.find((p) => p.id === id)?.cpuTime ?? 0;
      return `${type} ${id} ${(cpuTime - then).toFixed(2)} s`;
    });
    const main = (await answers) ? 'answers' : `has not answered in ${SAMPLE_MS} ms`;
    return `the page's main thread ${main}; CPU in the next second: ${spent.join(', ')}`;
  } finally {
    await session.detach().catch(() => {});
  }
}
