// The Chromium every build-time browser run uses (the emblem's still image, check-budgets'
// coverage), and the project's common flags for it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** scripts/deps installs Debian's Chromium here; CHROMIUM_PATH points elsewhere. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * The flags every Chromium run of the project uses (scripts/chromium-flags.json): they keep it
 * from reaching for the network. Playwright adds --headless and a fresh --user-data-dir itself.
 */
export const CHROMIUM_FLAGS = JSON.parse(
  readFileSync(
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/chromium-flags.json'),
    'utf8',
  ),
);
