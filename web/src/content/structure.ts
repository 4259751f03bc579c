import type { z } from 'zod';
import { isRecord, valueAt, type Path } from './leaves';

/** Keys one locale has and the other lacks, and lists of different lengths. */
export function compareShapes(
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

/** A schema issue in the words of the report: where, and what is wrong there. */
export function describeIssue(issue: z.core.$ZodIssue, data: unknown): [Path, string][] {
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
