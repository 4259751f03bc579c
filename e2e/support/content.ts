import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkContent } from '../../web/src/content/check';
import { pathText } from '../../web/src/content/jsonSchema';
import { buildDocs } from '../../web/src/docs/build/load';
import { LOCALES, type Locale } from './locales';

/**
 * The site's content as the editor's repository holds it. Paths are from the repository's root,
 * as Sveltia commits them (web/src/content/editor.ts names them).
 */

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const localeFile = (locale: Locale) => `web/src/i18n/locales/${locale}.json`;
export const CASE_IMAGES = 'web/public/images/cases';
export const DOCS_FILES = 'web/src/content/docs';

/**
 * The locale files and the case pictures and logos as they are in this checkout: what a
 * manager's editor starts from. The sizes the build makes (built/) are not in the repository.
 */
export function repositoryFiles(): Record<string, Buffer> {
  const files: Record<string, Buffer> = {};
  for (const locale of LOCALES)
    files[localeFile(locale)] = readFileSync(path.join(root, localeFile(locale)));
  // The docs' articles, which the editor's Docs collections edit.
  for (const entry of readdirSync(path.join(root, DOCS_FILES), {
    recursive: true,
    withFileTypes: true,
  })) {
    if (!entry.isFile()) continue;
    const file = path
      .relative(root, path.join(entry.parentPath, entry.name))
      .split(path.sep)
      .join('/');
    files[file] = readFileSync(path.join(root, file));
  }
  for (const entry of readdirSync(path.join(root, CASE_IMAGES), { withFileTypes: true })) {
    if (entry.isFile()) {
      const file = `${CASE_IMAGES}/${entry.name}`;
      files[file] = readFileSync(path.join(root, file));
    }
  }
  return files;
}

/** The paths (as the build's check prints them) whose values differ between two JSON values. */
export function changedPaths(
  before: unknown,
  after: unknown,
  at: (string | number)[] = [],
): string[] {
  const isContainer = (value: unknown) => typeof value === 'object' && value !== null;
  if (
    !isContainer(before) ||
    !isContainer(after) ||
    Array.isArray(before) !== Array.isArray(after)
  ) {
    return Object.is(before, after) ? [] : [pathText(at)];
  }
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.flatMap((key) => {
    const part = Array.isArray(a) ? Number(key) : key;
    if (!(key in a) || !(key in b)) return [pathText([...at, part])];
    return changedPaths(a[key], b[key], [...at, part]);
  });
}

/** What the build's content check (web/src/content/check.ts) says of these locale files. */
export async function contentErrors(
  texts: Record<Locale, string>,
  publicDir = path.join(root, 'web/public'),
): Promise<string[]> {
  const locales = Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      { file: `src/i18n/locales/${locale}.json`, text: texts[locale] },
    ]),
  ) as Parameters<typeof checkContent>[0]['locales'];
  return (await checkContent({ locales, publicDir })).errors;
}

/** What the build's docs check (web/src/docs/build/load.ts) says of the repository's files. */
export function docsErrors(files: Record<string, Buffer>): string[] {
  const docs = Object.fromEntries(
    Object.entries(files)
      .filter(([file]) => file.startsWith(`${DOCS_FILES}/`))
      .map(([file, bytes]) => [file.slice('web/'.length), bytes.toString('utf8')]),
  );
  const messages = Object.fromEntries(
    LOCALES.map((locale) => [locale, JSON.parse(files[localeFile(locale)]!.toString('utf8'))]),
  ) as Parameters<typeof buildDocs>[0]['messages'];
  return buildDocs({
    files: docs,
    messages,
    publicFileSize: (file) => {
      try {
        return statSync(path.join(root, 'web/public', file)).size;
      } catch {
        return undefined;
      }
    },
  }).errors;
}
