// `npm run consent:record`: puts the current version of each locale's consent text first in
// src/legal/consent-history.json. Run it after changing a consent text or the operator file,
// and commit the history with the change: the server accepts every version listed there, and
// the lead's recorded version names the text the visitor saw.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { runnerImport } from 'vite';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The history with each locale's current version first (moved there if it was listed later). */
export function recordVersions(history, current) {
  const next = { ...history };
  const changed = [];
  for (const [locale, version] of Object.entries(current)) {
    const known = history[locale] ?? [];
    if (known[0] === version) continue;
    next[locale] = [version, ...known.filter((old) => old !== version)];
    changed.push(`${locale}: ${version}`);
  }
  return { history: next, changed };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // The texts and the hash are TypeScript; Vite runs them here as the build does.
  const { module } = await runnerImport(path.join(web, 'src/legal/versions.ts'), {
    configFile: false,
    logLevel: 'silent',
  });
  const file = path.join(web, module.HISTORY_FILE);
  const { history, changed } = recordVersions(
    JSON.parse(await readFile(file, 'utf8')),
    await module.currentConsentVersions(),
  );
  if (changed.length === 0) {
    console.log(`consent:record: ${module.HISTORY_FILE} already starts with the current versions`);
  } else {
    // Written as prettier writes it, so the gate's format check passes on the recorded file.
    const options = { ...(await resolveConfig(file)), filepath: file };
    await writeFile(file, await format(JSON.stringify(history), options));
    console.log(`consent:record: recorded in ${module.HISTORY_FILE}\n  ${changed.join('\n  ')}`);
  }
}
