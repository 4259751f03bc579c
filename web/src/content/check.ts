/// <reference types="node" />
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { z } from 'zod';
import { LOCALES, type Locale } from '../lib/constants';
import { AA_CONTRAST, CHIP_TEXT_COLOR, contrastRatio } from '../lib/contrast';
import { messagesJsonSchema, pathText, unwrap, type SchemaNode } from './jsonSchema';
import { messagesSchema } from './schema';

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

/** What a picture or logo may weigh and measure (a case preview is shown 4:3 up to 960 px). */
export const FILE_BUDGETS = {
  picture: { maxBytes: 2 * 1024 * 1024, minWidth: 960, minHeight: 720, maxSide: 4096 },
  logo: { maxBytes: 64 * 1024, minWidth: 112, minHeight: 112, maxSide: 2048 },
} as const;

const PLACEHOLDER = /\{\{\s*[\w.]+\s*\}\}|<\/?[a-zA-Z][\w-]*\s*\/?>/g;

type Path = (string | number)[];

interface Leaf {
  path: Path;
  value: unknown;
  node: SchemaNode;
}

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

/** Keys one locale has and the other lacks, and lists of different lengths. */
function compareShapes(
  base: unknown,
  other: unknown,
  baseName: string,
  at: Path,
  report: (at: Path, reason: string) => void,
): void {
  if (Array.isArray(base) && Array.isArray(other)) {
    if (base.length !== other.length) {
      report(at, `${other.length} items, but ${baseName} has ${base.length}`);
    }
    base.forEach((item, index) => {
      if (index < other.length) {
        compareShapes(item, other[index], baseName, [...at, index], report);
      }
    });
    return;
  }
  if (isRecord(base) && isRecord(other)) {
    for (const key of Object.keys(base)) {
      if (!(key in other)) report([...at, key], `missing (${baseName} has it)`);
      else compareShapes(base[key], other[key], baseName, [...at, key], report);
    }
    for (const key of Object.keys(other)) {
      if (!(key in base)) report([...at, key], `extra key (${baseName} has no such key)`);
    }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function valueAt(data: unknown, at: readonly PropertyKey[]): unknown {
  let node = data;
  for (const key of at) node = (node as Record<PropertyKey, unknown> | undefined)?.[key];
  return node;
}

function describeIssue(issue: z.core.$ZodIssue, data: unknown): [Path, string][] {
  const at = issue.path.filter((key): key is string | number => typeof key !== 'symbol');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => [[...at, key], 'not a field of the site (misspelt or extra)']);
  }
  if (issue.code === 'invalid_type') {
    const value = valueAt(data, at);
    if (value === undefined) return [[at, 'missing']];
    const got = value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value;
    return [[at, `wrong type: expected ${issue.expected}, got ${got}`]];
  }
  return [[at, issue.message]];
}

/** Each value of `data` the schema describes, with the schema node (and metadata) that says how. */
function collectLeaves(data: unknown, schemaNode: SchemaNode, at: Path): Leaf[] {
  const { node } = unwrap(schemaNode);
  if (node.type === 'object' && isRecord(data)) {
    return Object.entries(node.properties ?? {}).flatMap(([key, child]) =>
      key in data ? collectLeaves(data[key], child, [...at, key]) : [],
    );
  }
  if (node.type === 'array' && Array.isArray(data) && node.items) {
    const items = node.items;
    return data.flatMap((item, index) => collectLeaves(item, items, [...at, index]));
  }
  if (isRecord(data) || Array.isArray(data)) return [];
  return [{ path: at, value: data, node }];
}

function uniqueCaseIds(data: unknown, report: (at: Path, reason: string) => void): void {
  const items = valueAt(data, ['cases', 'items']);
  if (!Array.isArray(items)) return;
  const seen = new Map<unknown, number>();
  items.forEach((item, index) => {
    const id = isRecord(item) ? item.id : undefined;
    if (typeof id !== 'string') return;
    if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) {
      report(['cases', 'items', index, 'id'], 'lower-case latin letters, digits and -');
    }
    const first = seen.get(id);
    if (first !== undefined) {
      report(['cases', 'items', index, 'id'], `"${id}" is already the id of cases.items[${first}]`);
    } else seen.set(id, index);
  });
}

/** Every file a field names exists under public/ and keeps to its byte and pixel budget. */
async function checkFiles(
  leaves: Leaf[],
  publicDir: string,
  report: (at: Path, reason: string) => void,
): Promise<void> {
  const checked = new Set<string>();
  for (const leaf of leaves) {
    const spec = leaf.node.file;
    if (!spec || typeof leaf.value !== 'string') continue;
    // The schema holds the value to /<folder>/<name>; anything else was reported there.
    if (!leaf.value.startsWith(`/${spec.folder}/`)) continue;
    const relative = leaf.value.slice(1);
    if (checked.has(relative)) continue;
    checked.add(relative);
    const problem = await fileProblem(path.join(publicDir, relative), spec.kind);
    if (problem) report(leaf.path, `public/${relative} ${problem}`);
  }
}

async function fileProblem(file: string, kind: 'logo' | 'picture'): Promise<string | null> {
  const budget = FILE_BUDGETS[kind];
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return 'does not exist';
  }
  if (bytes.length > budget.maxBytes) {
    return `is ${kib(bytes.length)}; the budget is ${kib(budget.maxBytes)}`;
  }
  if (file.endsWith('.svg')) return null;
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(bytes).metadata());
  } catch {
    return 'is not a picture sharp can read';
  }
  if (!width || !height) return 'has no size';
  if (width < budget.minWidth || height < budget.minHeight) {
    return `is ${width}×${height} px; it needs at least ${budget.minWidth}×${budget.minHeight}`;
  }
  if (Math.max(width, height) > budget.maxSide) {
    return `is ${width}×${height} px; the budget is ${budget.maxSide} px a side`;
  }
  return null;
}

function kib(bytes: number): string {
  return `${Math.round(bytes / 1024)} KB`;
}

/** A chip colour must keep the chip's dark text readable (WCAG AA). */
function checkColours(leaves: Leaf[], report: (at: Path, reason: string) => void): void {
  for (const leaf of leaves) {
    if (!leaf.node.colour || typeof leaf.value !== 'string') continue;
    if (!/^#[0-9a-f]{6}$/i.test(leaf.value)) continue;
    const ratio = contrastRatio(leaf.value, CHIP_TEXT_COLOR);
    if (ratio < AA_CONTRAST) {
      report(
        leaf.path,
        `contrast ${ratio.toFixed(1)}:1 under the chip's text ${CHIP_TEXT_COLOR}; it needs ${AA_CONTRAST}:1 (pick a lighter colour)`,
      );
    }
  }
}
