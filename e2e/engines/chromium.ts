import type { LaunchOptions } from '@playwright/test';

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

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_BIN ?? '/usr/bin/chromium',
  args: chromiumFlags,
};
