import { messagesJsonSchema, unwrap, type SchemaNode } from './jsonSchema';

/**
 * Sveltia CMS's configuration for the editor at /admin, generated from the content schema so the
 * editor and the build's check can never disagree about a field: its widget, whether it is
 * required, its length budget, its pattern, and whether it is one value for every language
 * (`i18n: duplicate`) or written per language (`i18n: true`).
 */

export type EditorBackend =
  { name: 'github'; repo: string; branch: string; base_url?: string } | { name: 'test-repo' };

export interface EditorField {
  name: string;
  label: string;
  widget: 'object' | 'list' | 'string' | 'text' | 'select' | 'number' | 'image' | 'file' | 'color';
  i18n: true | 'duplicate';
  required?: boolean;
  hint?: string;
  fields?: EditorField[];
  field?: EditorField;
  collapsed?: boolean;
  min?: number;
  max?: number;
  maxlength?: number;
  pattern?: [string, string];
  options?: string[];
  value_type?: 'int';
  media_folder?: string;
  public_folder?: string;
  summary?: string;
}

/** Where the locale files are, from the repository's root (the CMS commits there). */
export const LOCALE_FILE = 'web/src/i18n/locales/{{locale}}.json';

export function editorConfig(backend: EditorBackend) {
  return {
    load_config_file: false,
    backend,
    // Uploads land beside the files the content check expects them in; a field says which.
    media_folder: 'web/public/images/cases',
    public_folder: '/images/cases',
    i18n: { structure: 'multiple_files', locales: ['en', 'ru'], default_locale: 'en' },
    collections: [
      {
        name: 'site',
        label: 'Site',
        // Sveltia turns i18n on for a file only when its collection has it on too; otherwise it
        // reads {{locale}} literally, finds no file and opens an empty new entry.
        i18n: true,
        editor: { preview: false },
        files: [
          {
            name: 'texts',
            label: 'Texts, cases and services',
            file: LOCALE_FILE,
            format: 'json',
            i18n: true,
            fields: objectFields(messagesJsonSchema()),
          },
        ],
      },
      ...DOCS_SECTIONS.map(docsCollection),
    ],
  };
}

/** Where the docs' articles are (src/docs/build/load.ts reads them): a folder per language. */
export const DOCS_FOLDER = 'web/src/content/docs/{{locale}}';

const DOCS_SECTIONS = [
  { name: 'cases', label: 'Docs: cases' },
  { name: 'services', label: 'Docs: services' },
  { name: 'about', label: 'Docs: about' },
] as const;

/**
 * A new article starts from the spec's outline (the docs store's "on this page"), each heading
 * with the anchor the build keeps the same in both languages.
 */
export const ARTICLE_OUTLINE = [
  ['Introduction', 'introduction'],
  ['Main part', 'main-part'],
  ['Talking about this', 'talking-about-this'],
  ['Conclusion', 'conclusion'],
]
  .map(([heading, anchor]) => `## ${heading} {#${anchor}}\n\n`)
  .join('');

/**
 * One docs section's articles, both languages side by side, with the front matter the build
 * checks (src/docs/build/load.ts). A file is named after its sidebar name (Web3 → web3.md); a
 * case's story is named after the case's id, which the build asks for by name if it differs.
 */
function docsCollection({ name, label }: (typeof DOCS_SECTIONS)[number]) {
  return {
    name: `docs-${name}`,
    label,
    label_singular: 'Article',
    folder: `${DOCS_FOLDER}/${name}`,
    extension: 'md',
    format: 'frontmatter',
    create: true,
    i18n: true,
    identifier_field: 'nav',
    slug: '{{nav}}',
    summary: '{{nav}}: {{title}}',
    sortable_fields: ['order', 'nav'],
    editor: { preview: false },
    fields: [
      {
        name: 'title',
        label: 'Title',
        widget: 'string',
        i18n: true,
        maxlength: 90,
        hint: 'The page title and its H1',
      },
      {
        name: 'nav',
        label: 'Name in the sidebar',
        widget: 'string',
        i18n: true,
        maxlength: 40,
        hint:
          name === 'cases'
            ? "Also names the file: write the case's id here first (as in Texts, cases), then its name"
            : 'Also the topic the call to action starts the form with',
      },
      {
        name: 'description',
        label: 'Description',
        widget: 'text',
        i18n: true,
        maxlength: 200,
        hint: 'One sentence for search results and link previews (40 to 200 characters)',
      },
      {
        name: 'order',
        label: 'Place in the sidebar',
        widget: 'number',
        value_type: 'int',
        min: 1,
        i18n: 'duplicate',
      },
      {
        name: 'body',
        label: 'Article',
        widget: 'markdown',
        i18n: true,
        default: ARTICLE_OUTLINE,
        hint: 'At least 150 words. Headings ## and ### only; keep each {#anchor} the same in both languages',
      },
    ],
  };
}

function objectFields(node: SchemaNode): EditorField[] {
  return Object.entries(node.properties ?? {}).map(([name, child]) => field(name, child));
}

function field(name: string, schemaNode: SchemaNode): EditorField {
  const { node, nullable } = unwrap(schemaNode);
  const base = {
    name,
    label: node.title ?? humanize(name),
    i18n: node.shared ? ('duplicate' as const) : (true as const),
    ...(nullable || node.optional ? { required: false } : {}),
    ...(node.description ? { hint: node.description } : {}),
  };
  if (node.type === 'object') {
    return { ...base, widget: 'object', collapsed: true, fields: objectFields(node) };
  }
  if (node.type === 'array' && node.items) {
    const item = unwrap(node.items).node;
    const bounds = {
      ...(node.minItems !== undefined ? { min: node.minItems } : {}),
      ...(node.maxItems !== undefined ? { max: node.maxItems } : {}),
    };
    if (item.type === 'object') {
      const first = Object.keys(item.properties ?? {}).find((key) => key !== 'id') ?? 'id';
      return {
        ...base,
        widget: 'list',
        collapsed: true,
        summary: `{{fields.${first}}}`,
        ...bounds,
        fields: objectFields(item),
      };
    }
    return { ...base, widget: 'list', ...bounds, field: field('item', node.items) };
  }
  if (node.enum) return { ...base, widget: 'select', options: node.enum };
  if (node.type === 'integer' || node.type === 'number') {
    return { ...base, widget: 'number', value_type: 'int' };
  }
  if (node.file) {
    return {
      ...base,
      widget: node.file.kind === 'logo' ? 'file' : 'image',
      // Picked or uploaded, the value is the file's public path, as the schema asks.
      media_folder: `/web/public/${node.file.folder}`,
      public_folder: `/${node.file.folder}`,
    };
  }
  if (node.colour) return { ...base, widget: 'color' };
  return {
    ...base,
    widget: node.long ? 'text' : 'string',
    ...(node.maxLength !== undefined ? { maxlength: node.maxLength } : {}),
    ...(node.pattern ? { pattern: [node.pattern, 'See the hint for the expected form'] } : {}),
  };
}

/** `ctaSecondary` → `Cta secondary`, `telegram-bot` → `Telegram bot`. */
function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
