import { ARTICLE_OUTLINE, editorConfig, type EditorField } from './editor';
import { messagesJsonSchema, unwrap, type SchemaNode } from './jsonSchema';

// Paths of every leaf, with [] for "each item of a list": the schema's and the editor's.
function schemaLeaves(schemaNode: SchemaNode, at: string): string[] {
  const { node } = unwrap(schemaNode);
  if (node.type === 'object') {
    return Object.entries(node.properties ?? {}).flatMap(([key, child]) =>
      schemaLeaves(child, at ? `${at}.${key}` : key),
    );
  }
  if (node.type === 'array' && node.items) return schemaLeaves(node.items, `${at}[]`);
  return [at];
}

function editorLeaves(fields: EditorField[], at: string): string[] {
  return fields.flatMap((field) => {
    const path = at ? `${at}.${field.name}` : field.name;
    if (field.fields)
      return editorLeaves(field.fields, field.widget === 'list' ? `${path}[]` : path);
    if (field.field) return [`${path}[]`];
    return [path];
  });
}

/** The one file entry of the one collection: the locale files. */
function textsFile(config: ReturnType<typeof editorConfig>) {
  const site = config.collections[0];
  const file = site && 'files' in site ? site.files[0] : undefined;
  if (!file) throw new Error('no file entry in the editor config');
  return file;
}

const fields = textsFile(editorConfig({ name: 'test-repo' })).fields;

test('every leaf of the schema is a field of the editor, and every field a leaf of the schema', () => {
  const schema = schemaLeaves(messagesJsonSchema(), '').sort();
  expect(editorLeaves(fields, '').sort()).toEqual(schema);
  expect(schema).toContain('cases.items[].description');
  expect(schema).toContain('marquee.lines[].words[]');
});

function find(path: string): EditorField {
  let list = fields;
  let found: EditorField | undefined;
  for (const name of path.split('.')) {
    found = list.find((field) => field.name === name);
    if (!found) break;
    list = found.fields ?? [];
  }
  if (!found) throw new Error(`no field ${path}`);
  return found;
}

test('a case has a picture, a logo, a kind to choose, shared links and words per language', () => {
  // Picked or uploaded, the media library writes /images/cases/<name>, the schema's form.
  expect(find('cases.items.image')).toMatchObject({
    widget: 'image',
    i18n: 'duplicate',
    media_folder: '/web/public/images/cases',
    public_folder: '/images/cases',
  });
  expect(find('cases.items.logo')).toMatchObject({ widget: 'file', i18n: 'duplicate' });
  expect(find('cases.items.type')).toMatchObject({
    widget: 'select',
    options: ['website', 'telegram-bot', 'database', 'ai-chatbot'],
  });
  expect(find('cases.items.link')).toMatchObject({ widget: 'string', i18n: 'duplicate' });
  expect(find('cases.items.description')).toMatchObject({ widget: 'text', i18n: true });
  expect(find('cases.items.name')).toMatchObject({ maxlength: 28, i18n: 'duplicate' });
});

test('budgets, optional values and colours reach the editor', () => {
  expect(find('banner.title')).toMatchObject({ maxlength: 48, i18n: true });
  expect(find('navigation.cases.description')).toMatchObject({ required: false });
  expect(find('navigation.cases')).toMatchObject({ widget: 'list', min: 5, max: 5 });
  expect(find('whatWeOffer.services.color')).toMatchObject({ widget: 'color' });
  expect(find('docs.sections.id')).toMatchObject({ widget: 'number', value_type: 'int' });
  // A docs path may be empty (the docs' home), so the editor must not insist on one.
  expect(find('whatWeOffer.services.slug')).toMatchObject({ required: false });
  expect(find('cases.items.name')).not.toHaveProperty('required');
});

test('the locale files are one file per language', () => {
  const config = editorConfig({ name: 'github', repo: 'studio/site', branch: 'main' });
  expect(config.i18n).toMatchObject({ structure: 'multiple_files', locales: ['en', 'ru'] });
  expect(textsFile(config).file).toBe('web/src/i18n/locales/{{locale}}.json');
  expect(config.backend).toEqual({ name: 'github', repo: 'studio/site', branch: 'main' });
  // Sveltia reads {{locale}} only when the collection, not just the file, is translated.
  expect(config.collections[0]).toMatchObject({ i18n: true });
});

describe('the docs', () => {
  const config = editorConfig({ name: 'test-repo' });
  const docs = config.collections.filter((collection) => collection.name.startsWith('docs-'));

  test('each section is a collection of its folder, both languages side by side', () => {
    expect(docs.map((collection) => 'folder' in collection && collection.folder)).toEqual([
      'web/src/content/docs/{{locale}}/cases',
      'web/src/content/docs/{{locale}}/services',
      'web/src/content/docs/{{locale}}/about',
    ]);
    for (const collection of docs) {
      expect(collection).toMatchObject({
        i18n: true,
        create: true,
        extension: 'md',
        format: 'frontmatter',
      });
    }
  });

  test("the fields are the front matter the build checks, and the article's body", () => {
    const fields = docs[0] && 'fields' in docs[0] ? docs[0].fields : [];
    expect(fields.map((entry) => entry.name)).toEqual([
      'title',
      'nav',
      'description',
      'order',
      'body',
    ]);
  });

  test("a new article starts from the spec's outline, each heading with its anchor", () => {
    const body = docs[1] && 'fields' in docs[1] ? docs[1].fields.at(-1) : undefined;
    expect(body).toMatchObject({ widget: 'markdown', default: ARTICLE_OUTLINE });
    // The build reads the anchors: src/docs/build/markdown.test.ts.
  });
});
