import { defineConfig } from '@playwright/test';

// Debian's Chromium: Playwright cannot download its own browser here, and the flags keep it
// from reaching for the network, which this machine does not have.
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    headless: true,
    trace: 'retain-on-failure',
    // Journeys skip the preloader and the typing animation; the preloader test turns motion on.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumFlags },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
