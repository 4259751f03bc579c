import type { LaunchOptions } from '@playwright/test';
import chromiumFlags from '../../scripts/chromium-flags.json' with { type: 'json' };

// Debian's Chromium: Playwright cannot download its own browser here, and the flags (shared with
// the build's still render and the Lighthouse bench) keep it from reaching for the network,
// which this machine does not have.
export { chromiumFlags };

/**
 * The features Playwright 1.65 turns off in every Chromium it launches. Chromium reads only the
 * last --disable-features it is given, so ours must repeat them; chromium-flags.spec.ts checks
 * against the browser's own command line that none is lost when Playwright changes its list.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Headless Chromium 156 (the full browser, `--headless`) still builds the address bar's two
 * popups (chrome://omnibox-popup) as web pages for every window, and a test's context is a
 * window: each cost a renderer about 1.8 s of CPU, two thirds of what opening a context costs,
 * for a popup nobody can open. Measured on this machine: a context and about:blank 2.9 CPU-s
 * with them, 0.85 without. The suites run the headless shell, which has no address bar; these
 * stay off for a full Chromium given in CHROMIUM_PATH.
 */
export const UNUSED_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * Debian's chromium-headless-shell: the same Chromium 156 without the browser's windows, tabs
 * and address bar, which Playwright itself runs for headless tests. Sixteen contexts, each
 * loading /en at 1280 px, took 31.5 CPU-s in the full browser (46 renderers) and 17.8 in the
 * shell (29 renderers) on 2026-12-07, and the Chromium tests' time summed over the suites went
 * from 858 s to 682 s. The suites are CPU-bound on two cores, so that is their time.
 */
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: CHROMIUM_EXECUTABLE,
  args: [
    ...chromiumFlags,
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_UI].join(',')}`,
  ],
};
