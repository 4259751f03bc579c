/// <reference types="node" />
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Leaf, Path } from './leaves';

/** What a picture or logo may weigh and measure (a case preview is shown 4:3 up to 960 px). */
export const FILE_BUDGETS = {
  picture: { maxBytes: 2 * 1024 * 1024, minWidth: 960, minHeight: 720, maxSide: 4096 },
  logo: { maxBytes: 64 * 1024, minWidth: 112, minHeight: 112, maxSide: 2048 },
} as const;

/** Every file a field names exists under public/ and keeps to its byte and pixel budget. */
export async function checkFiles(
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
