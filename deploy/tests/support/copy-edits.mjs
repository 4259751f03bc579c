// The content the update test's commits change, each edit one small function of a clone's
// folder. The cases are data in the locale files (web/src/content/schema.ts describes them).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Rewrites a clone's locale file through `change`, as the editor at /admin would. */
function editLocale(clone, locale, change) {
  const file = path.join(clone, `web/src/i18n/locales/${locale}.json`);
  const messages = JSON.parse(readFileSync(file, 'utf8'));
  change(messages);
  writeFileSync(file, `${JSON.stringify(messages, null, 2)}\n`);
}

export const NEW_CASE_NAME = 'Aurelia Homes';

/** A case's title is one value for both languages, so the edit is in both files. */
export function renameFirstCase(clone) {
  for (const locale of ['en', 'ru']) {
    editLocale(clone, locale, (messages) => (messages.cases.items[0].name = NEW_CASE_NAME));
  }
}

/** An empty Russian description: the build's content check refuses it, naming file and path. */
export function refusedRussianCopy(clone) {
  editLocale(clone, 'ru', (messages) => (messages.cases.items[0].description = ''));
}
