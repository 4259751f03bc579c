/// <reference types="node" />
// The docs read from disk, for the build: its first step checks them (scripts/check-content.mjs)
// and the prerender renders them (src/entry-server.tsx).
import { readdir, readFile } from 'node:fs/promises';
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Messages } from '../../content/types';
import { LOCALES, type Locale } from '../../lib/constants';
import { DOCS_DIR } from './article';
import { buildDocs, type DocsResult } from './load';

async function markdownFiles(webDir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const root = path.join(webDir, DOCS_DIR);
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(webDir, full).split(path.sep).join('/')] = await readFile(full, 'utf8');
  }
  return files;
}

/** The docs of web/ as the build renders them, with every problem found in them. */
export async function loadDocsDir(
  webDir: string,
  messages?: Record<Locale, Messages>,
): Promise<DocsResult> {
  const read = messages ?? ({} as Record<Locale, Messages>);
  if (!messages) {
    for (const locale of LOCALES) {
      const file = path.join(webDir, `src/i18n/locales/${locale}.json`);
      read[locale] = JSON.parse(await readFile(file, 'utf8')) as Messages;
    }
  }
  const publicDir = path.join(webDir, 'public');
  return buildDocs({
    files: await markdownFiles(webDir),
    messages: read,
    publicFileSize: (file) => {
      const full = path.join(publicDir, file);
      if (!full.startsWith(publicDir + path.sep)) return undefined;
      try {
        const info = statSync(full);
        return info.isFile() ? info.size : undefined;
      } catch {
        return undefined;
      }
    },
  });
}
