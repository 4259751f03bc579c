import type { LaunchOptions } from '@playwright/test';
import chromiumFlags from '../../scripts/chromium-flags.json' with { type: 'json' };

// Debian's Chromium: Playwright cannot download its own browser here, and the flags (shared with
// the build's still render and the Lighthouse bench) keep it from reaching for the network,
// which this machine does not have.
export { chromiumFlags };

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: chromiumFlags,
};
