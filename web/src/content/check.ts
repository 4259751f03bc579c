/// <reference types="node" />
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LOCALES, type Locale } from '../lib/constants';
import { checkFiles } from './fileBudgets';
import { messagesJsonSchema, pathText } from './jsonSchema';
import { collectLeaves, type Leaf, type Path } from './leaves';
import { messagesSchema } from './schema';
import { compareShapes, describeIssue } from './structure';
import { checkColours, uniqueCaseIds } from './valueRules';

/**
 * The build's check of the site's content (web/src/i18n/locales/{en,ru}.json and the files they
 * name): every problem as `file:json.path: reason`, so a manager or the editor's commit log
 * points at the one value to fix. Russian copy identical to English is only a warning.
 */

export interface LocaleFile {
  /** As printed in messages, e.g. src/i18n/locales/ru.json. */
  file: string;
  text: string;
}

export interface ContentInput {
  locales: Record<Locale, LocaleFile>;
  /** web/public: file fields name files under it. */
  publicDir: string;
}

export interface ContentReport {
  errors: string[];
  warnings: string[];
}

const PLACEHOLDER = /\{\{\s*[\w.]+\s*\}\}|<\/?[a-zA-Z][\w-]*\s*\/?>/g;

export async function checkContentDir(webDir: string): Promise<ContentReport> {
  const locales = {} as Record<Locale, LocaleFile>;
  for (const locale of LOCALES) {
    const file = `src/i18n/locales/${locale}.json`;
    locales[locale] = { file, text: await readFile(path.join(webDir, file), 'utf8') };
  }
  return checkContent({ locales, publicDir: path.join(webDir, 'public') });
}

export async function checkContent(input: ContentInput): Promise<ContentReport> {
  const errors = new Map<string, string>();
  const add = (file: string, at: Path, reason: string) => {
    const where = `${file}:${pathText(at)}`;
    if (!errors.has(where)) errors.set(where, `${where}: ${reason}`);
  };

  const data = {} as Record<Locale, unknown>;
  for (const locale of LOCALES) {
    const { file, text } = input.locales[locale];
    try {
      data[locale] = JSON.parse(text);
    } catch (error) {
      errors.set(file, `${file}: not valid JSON: ${(error as Error).message}`);
    }
  }
  if (errors.size > 0) return { errors: [...errors.values()], warnings: [] };

  const [base, ...others] = LOCALES;
  const baseFile = input.locales[base].file;
  const baseName = path.basename(baseFile);
  for (const locale of others) {
    compareShapes(data[base], data[locale], baseName, [], (at, reason) =>
      add(input.locales[locale].file, at, reason),
    );
  }
  for (const locale of LOCALES) {
    const result = messagesSchema.safeParse(data[locale]);
    if (!result.success) {
      for (const issue of result.error.issues) {
        for (const [at, reason] of describeIssue(issue, data[locale])) {
          add(input.locales[locale].file, at, reason);
        }
      }
    }
  }

  const schema = messagesJsonSchema();
  const leaves = Object.fromEntries(
    LOCALES.map((locale) => [locale, collectLeaves(data[locale], schema, [])]),
  ) as Record<Locale, Leaf[]>;
  const same: string[] = [];
  for (const locale of others) {
    const baseLeaves = new Map(leaves[base].map((leaf) => [pathText(leaf.path), leaf]));
    for (const leaf of leaves[locale]) {
      const twin = baseLeaves.get(pathText(leaf.path));
      if (!twin) continue;
      const file = input.locales[locale].file;
      if (leaf.node.shared) {
        if (leaf.value !== twin.value) {
          add(
            file,
            leaf.path,
            `must be the same in every language (${baseName} has ${JSON.stringify(twin.value)})`,
          );
        }
        continue;
      }
      if (typeof leaf.value !== 'string' || typeof twin.value !== 'string') continue;
      const mine = placeholders(leaf.value);
      const theirs = placeholders(twin.value);
      if (mine !== theirs) {
        add(
          file,
          leaf.path,
          `placeholders ${mine || 'none'} differ from ${baseName}'s ${theirs || 'none'}`,
        );
      } else if (leaf.value === twin.value && leaf.value !== '' && !leaf.node.sameInLocales) {
        same.push(pathText(leaf.path));
      }
    }
  }

  for (const locale of LOCALES)
    uniqueCaseIds(data[locale], (at, reason) => add(input.locales[locale].file, at, reason));
  await checkFiles(leaves[base], input.publicDir, (at, reason) => add(baseFile, at, reason));
  checkColours(leaves[base], (at, reason) => add(baseFile, at, reason));

  const warnings =
    same.length > 0
      ? [
          `${same.length} Russian values are the same as the English ones (translate them, or mark the field sameInLocales): ${same.join(', ')}`,
        ]
      : [];
  return { errors: [...errors.values()], warnings };
}

/** The sorted, de-duplicated {{placeholders}} and <tags> of a text, as one comparable string. */
function placeholders(text: string): string {
  const found = (text.match(PLACEHOLDER) ?? []).map((token) => token.replace(/\s+/g, ''));
  return [...new Set(found)].sort().join(' ');
}
