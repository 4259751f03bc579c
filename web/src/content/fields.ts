import { z } from 'zod';

/**
 * What the editor needs to know of a field beyond its type: the label a manager reads, the widget
 * that edits it, and whether it is one value for every language. editor.ts turns these into
 * Sveltia's field configuration; check.ts reads `shared` to hold both locales to one value.
 */
export interface FieldMeta {
  title?: string;
  description?: string;
  /** May be left empty (""), which the page reads as "none". */
  optional?: boolean;
  /** A multi-line text box instead of a one-line input. */
  long?: boolean;
  /** The same value in every locale (a link, a file name, a colour): the editor copies it. */
  shared?: boolean;
  /** The same words in every locale by design (a brand, a unit), so no "untranslated" warning. */
  sameInLocales?: boolean;
  /** A file in `folder` (under web/public), chosen in the editor's media library. */
  file?: { folder: string; kind: 'logo' | 'picture' };
  colour?: boolean;
}

// Zod keeps metadata in its global registry and z.toJSONSchema copies it into each node, which is
// where editor.ts and check.ts read it: one walk of one JSON Schema, no second description.
function described<T extends z.ZodType>(schema: T, meta: FieldMeta): T {
  return schema.meta({ ...meta });
}

const nonBlank = (schema: z.ZodString) =>
  schema.refine((value) => value.trim() !== '', { message: 'empty value' });

/** Words a visitor reads; never empty. */
export function text(meta: FieldMeta = {}) {
  return described(nonBlank(z.string()), meta);
}

/** Words that may be left out: an empty string means "none" (the editor writes "" for an empty
 * field, so "" rather than null keeps a save from rewriting untouched values). */
export function optionalText(meta: FieldMeta = {}) {
  return described(z.string(), { ...meta, optional: true });
}

/** A headline that must fit its place on a phone: at most `max` characters. */
export function headline(max: number, meta: FieldMeta = {}) {
  const budget = z
    .string()
    .max(max, { error: (issue) => `${describeLength(issue.input)}; the budget is ${max}` });
  return described(nonBlank(budget), meta);
}

function describeLength(input: unknown): string {
  return typeof input === 'string' ? `${[...input].length} characters` : 'too long';
}

/** One value for every language (a link, a handle, a slug). */
export function shared(meta: FieldMeta = {}) {
  return described(nonBlank(z.string()), { ...meta, shared: true });
}

/** A path on the docs site, relative to its root: empty means the root itself. */
export function docsPath(meta: FieldMeta = {}) {
  return described(
    z.string().regex(/^$|^#[a-z0-9-]+$|^[a-z0-9][a-z0-9/-]*(#[a-z0-9-]+)?$/, {
      error: 'a docs page: <section>/<part>, an optional #anchor (lower-case letters, digits, -)',
    }),
    { ...meta, shared: true, optional: true },
  );
}

/**
 * A file of the site under web/public/<folder>, by its public path (/images/cases/case-8.webp):
 * the form the editor's media library writes whether a file is picked or uploaded.
 */
export function file(folder: string, kind: 'logo' | 'picture', meta: FieldMeta = {}) {
  const pattern = new RegExp(
    `^/${folder.replace(/[/.]/g, '\\$&')}/[\\w.-]+\\.(svg|png|jpe?g|webp|avif)$`,
    'i',
  );
  return described(
    z.string().regex(pattern, {
      error: `a file in /${folder}, such as /${folder}/case-8.webp (letters, digits, . - _; svg, png, jpg, webp, avif)`,
    }),
    { ...meta, shared: true, file: { folder, kind } },
  );
}

export function colour(meta: FieldMeta = {}) {
  return described(z.string().regex(/^#[0-9a-f]{6}$/i, { error: 'a colour such as #a78bfa' }), {
    ...meta,
    shared: true,
    colour: true,
  });
}

export function choice<const T extends readonly [string, ...string[]]>(
  options: T,
  meta: FieldMeta = {},
) {
  return described(z.enum(options), { ...meta, shared: true });
}

/** A list with exactly `count` items: the layout has that many places. */
export function fixedList<T extends z.ZodType>(item: T, count: number, meta: FieldMeta = {}) {
  return described(z.array(item).length(count, { error: `exactly ${count} items` }), meta);
}

/** A list of at least `min` items: the studio may add more. */
export function list<T extends z.ZodType>(item: T, min: number, meta: FieldMeta = {}) {
  return described(z.array(item).min(min, { error: `at least ${min} items` }), meta);
}

/** An object whose keys are fixed: a misspelt or stray key is an error, not silently kept. */
export function group<T extends z.ZodRawShape>(shape: T, meta: FieldMeta = {}) {
  return described(z.strictObject(shape), meta);
}
