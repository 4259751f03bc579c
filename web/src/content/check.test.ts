/// <reference types="node" />
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { checkContent, checkContentDir, type ContentInput } from './check';
import { editorText } from './jsonSchema';

const web = path.resolve(import.meta.dirname, '../..');
const read = (locale: string) =>
  JSON.parse(readFileSync(path.join(web, `src/i18n/locales/${locale}.json`), 'utf8'));
const EN = 'src/i18n/locales/en.json';
// The fixtures break the files in ways no type allows (wrong types, stray keys): raw JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Raw = any;
type Change = (en: Raw, ru: Raw) => void;
const RU = 'src/i18n/locales/ru.json';

// A copy of the case files, so a fixture can add a picture the real site does not have.
let publicDir: string;
beforeAll(async () => {
  publicDir = mkdtempSync(path.join(tmpdir(), 'content-'));
  cpSync(path.join(web, 'public/images/cases'), path.join(publicDir, 'images/cases'), {
    recursive: true,
    filter: (source) => !source.includes(`${path.sep}built`),
  });
  const noise = (width: number, height: number) =>
    sharp(Buffer.from(Array.from({ length: width * height * 3 }, () => Math.random() * 256)), {
      raw: { width, height, channels: 3 },
    });
  await noise(1200, 900).png({ compressionLevel: 0 }).toFile(`${publicDir}/images/cases/heavy.png`);
  await noise(640, 480).webp().toFile(`${publicDir}/images/cases/small.webp`);
  await noise(5000, 720).webp({ quality: 1 }).toFile(`${publicDir}/images/cases/wide.webp`);
});
afterAll(() => rmSync(publicDir, { recursive: true, force: true }));

/** The real content with `change` applied to fresh copies of both locale files. */
async function check(change: Change, texts: Partial<Record<'en' | 'ru', string>> = {}) {
  const en = read('en');
  const ru = read('ru');
  change(en, ru);
  const input: ContentInput = {
    locales: {
      en: { file: EN, text: texts.en ?? JSON.stringify(en) },
      ru: { file: RU, text: texts.ru ?? JSON.stringify(ru) },
    },
    publicDir,
  };
  return checkContent(input);
}

const both =
  (edit: (messages: Raw) => void): Change =>
  (en, ru) => {
    edit(en);
    edit(ru);
  };

test('the site content passes: no error', async () => {
  const { errors } = await checkContentDir(web);
  expect(errors).toEqual([]);
});

// One fixture per rule: the change, and the message the build prints for it.
const FIXTURES: [string, Change, string | RegExp][] = [
  [
    'a key missing in Russian',
    (_, ru) => delete ru.banner.cta,
    `${RU}:banner.cta: missing (en.json has it)`,
  ],
  [
    'a key only Russian has',
    (_, ru) => (ru.banner.ctaTertiary = 'Ещё'),
    `${RU}:banner.ctaTertiary: extra key (en.json has no such key)`,
  ],
  [
    'a misspelt key in both files',
    both((m) => (m.feedbackForm.sumbit = m.feedbackForm.submit)),
    `${EN}:feedbackForm.sumbit: not a field of the site (misspelt or extra)`,
  ],
  [
    'a list shorter in Russian',
    (_, ru) => ru.marquee.lines[1].words.pop(),
    `${RU}:marquee.lines[1].words: 9 items, but en.json has 10`,
  ],
  [
    'an empty value',
    (_, ru) => (ru.cases.items[2].description = '  '),
    `${RU}:cases.items[2].description: empty value`,
  ],
  [
    'different placeholders',
    (_, ru) => (ru.cases.learnMoreLabel = 'Подробнее о {{title}}'),
    `${RU}:cases.learnMoreLabel: placeholders {{title}} differ from en.json's {{name}}`,
  ],
  [
    'a lost tag',
    (_, ru) => (ru.feedbackForm.consent = 'Я согласен на обработку данных'),
    `${RU}:feedbackForm.consent: placeholders none differ from en.json's </link> <link>`,
  ],
  [
    'a wrong type',
    both((m) => (m.docs.sections[0].id = '0')),
    `${EN}:docs.sections[0].id: wrong type: expected number, got string`,
  ],
  [
    'a value outside its choices',
    both((m) => (m.cases.items[0].type = 'webshop')),
    `${EN}:cases.items[0].type: Invalid option: expected one of "website"|"telegram-bot"|"database"|"ai-chatbot"`,
  ],
  [
    'a shared value that differs between languages',
    (_, ru) => (ru.cases.items[0].link = 'https://aurelia.ru'),
    `${RU}:cases.items[0].link: must be the same in every language (en.json has "https://aurelia-estates.site")`,
  ],
  [
    'a case picture that does not exist',
    both((m) => (m.cases.items[0].image = '/images/cases/missing.webp')),
    `${EN}:cases.items[0].image: public/images/cases/missing.webp does not exist`,
  ],
  [
    'a logo that does not exist',
    both((m) => (m.cases.items[3].logo = '/images/cases/icon-9.svg')),
    `${EN}:cases.items[3].logo: public/images/cases/icon-9.svg does not exist`,
  ],
  [
    'a picture outside the cases folder',
    both((m) => (m.cases.items[2].image = '/images/og/og-en.jpg')),
    `${EN}:cases.items[2].image: a file in /images/cases, such as /images/cases/case-8.webp (letters, digits, . - _; svg, png, jpg, webp, avif)`,
  ],
  [
    'a picture over its byte budget',
    both((m) => (m.cases.items[1].image = '/images/cases/heavy.png')),
    /^src\/i18n\/locales\/en\.json:cases\.items\[1\]\.image: public\/images\/cases\/heavy\.png is 3\d{3} KB; the budget is 2048 KB$/,
  ],
  [
    'a picture under its pixel budget',
    both((m) => (m.cases.items[1].image = '/images/cases/small.webp')),
    `${EN}:cases.items[1].image: public/images/cases/small.webp is 640×480 px; it needs at least 960×720`,
  ],
  [
    'a picture over its pixel budget',
    both((m) => (m.cases.items[1].image = '/images/cases/wide.webp')),
    `${EN}:cases.items[1].image: public/images/cases/wide.webp is 5000×720 px; the budget is 4096 px a side`,
  ],
  [
    'a headline over its length budget',
    (_, ru) => (ru.banner.title = 'Студия веб- и блокчейн-разработки полного цикла и поддержки'),
    `${RU}:banner.title: 59 characters; the budget is 48`,
  ],
  [
    'two cases with one id',
    both((m) => (m.cases.items[4].id = m.cases.items[1].id)),
    `${EN}:cases.items[4].id: "vaultline" is already the id of cases.items[1]`,
  ],
  [
    'a chip colour the dark text cannot be read on',
    both((m) => (m.whatWeOffer.services[3].color = '#3b3b7a')),
    `${EN}:whatWeOffer.services[3].color: contrast 2.0:1 under the chip's text #0a0a12; it needs 4.5:1 (pick a lighter colour)`,
  ],
];

test.each(FIXTURES)('refuses %s, naming the file and the path', async (_, change, message) => {
  const { errors } = await check(change);
  expect(errors).toContainEqual(
    typeof message === 'string' ? message : expect.stringMatching(message),
  );
});

test('refuses a file that is not JSON, naming it', async () => {
  const { errors } = await check(() => {}, { ru: '{ "banner": ' });
  expect(errors).toEqual([
    expect.stringMatching(/^src\/i18n\/locales\/ru\.json: not valid JSON: /),
  ]);
});

test('a Russian value identical to the English one is one warning listing every such path', async () => {
  const { errors, warnings } = await check((en, ru) => {
    ru.cases.title = en.cases.title;
    ru.pages.thanks.heading = en.pages.thanks.heading;
  });
  expect(errors).toEqual([]);
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toContain('cases.title');
  expect(warnings[0]).toContain('pages.thanks.heading');
  // Values marked the same in every language (a brand, a link) are not listed.
  expect(warnings[0]).not.toContain('meta.siteName');
  expect(warnings[0]).not.toContain('.link');
  // Nor is an optional value left empty in both ("no teaser").
  expect(warnings[0]).not.toContain('navigation.cases[2].description');
});

test('the locale files are in the form the editor writes, so a save there changes only its edits', () => {
  for (const locale of ['en', 'ru']) {
    const text = readFileSync(path.join(web, `src/i18n/locales/${locale}.json`), 'utf8');
    expect(text, `${locale}.json: rewrite it with editorText (src/content/jsonSchema.ts)`).toBe(
      editorText(JSON.parse(text)),
    );
  }
});
