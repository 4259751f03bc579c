import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './engines/chromium';
import type { Engine } from './engines/tab';

export default defineConfig<object, { engine: Engine }>({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two Chromium workers, one a core, and a third for Firefox and WebKit: their journeys wait on
  // their drivers more than they compute (about 0.6 of a core each), so with two workers a core
  // sat idle while one ran. The whole run on 2026-12-07: 640 s with two workers (12 % idle), 569 s
  // this way (5 % idle), its slowest test 35 s of WebKit's 90. Three workers of any engine made
  // three Chromiums share two cores, and a 15 s journey ran past its 60 s.
  workers: 3,
  timeout: 60_000,
  // The list, then each failure again in brief: CI shows only a run's tail.
  reporter: [['list'], ['./support/failures-in-brief.ts']],
  use: {
    headless: true,
    // Recording a trace costs a Chromium test about 45 % more CPU (its screencast alone about
    // 25 %: 31.6 CPU-s against 17.2 for one form test), and the suites are CPU-bound on two
    // cores. So none is recorded unless asked for (E2E_TRACE=retain-on-failure, or on); a
    // failure still keeps the page's screenshot, and the run repeats each failure in brief.
    trace: (process.env.E2E_TRACE || 'off') as 'off' | 'on' | 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Journeys skip the preloader and the typing animation; the preloader test turns motion on.
    contextOptions: { reducedMotion: 'reduce' },
    // A visitor's Chromium lets a page write the clipboard on a click; the headless shell the
    // suites run (engines/chromium.ts) refuses unless the permission is given, as here.
    permissions: ['clipboard-write'],
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /editor\.spec\.ts$/,
      workers: 2,
      use: { browserName: 'chromium' },
    },
    // The visitor's journeys in the other engines visitors use (engines/ says how each is driven),
    // and the pointer actions those drivers are given.
    {
      name: 'firefox',
      testMatch: /(engines|pointer)\.spec\.ts$/,
      workers: 1,
      use: { engine: 'firefox' },
    },
    {
      name: 'webkit',
      testMatch: /(engines|pointer)\.spec\.ts$/,
      use: { engine: 'webkit' },
      workers: 1,
      // Only a try that WebKit's driver left unanswered is tried again (fixtures/engines.ts).
      retries: 1,
      // WebKitGTK paints in software and its driver answers one call at a time: a fresh clone's
      // gate on 2026-12-02 ran its longest journey (en, 1280 px, reads) in 60.1 s, at the edge
      // of the suites' 60 s, where Chromium's same journey takes about 25 s.
      timeout: 90_000,
    },
    // The editor at /admin, in Chromium, once every other suite is done: one of its tests runs a
    // whole site build (about 20 s of both cores with the checkout's caches), which would starve
    // the timed checks beside it.
    {
      name: 'editor',
      testMatch: /editor\.spec\.ts$/,
      dependencies: ['chromium', 'firefox', 'webkit'],
      use: { browserName: 'chromium' },
    },
  ],
});
