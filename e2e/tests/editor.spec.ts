import { expect, test } from '../fixtures/editor';
import {
  CASE_IMAGES,
  changedPaths,
  contentErrors,
  docsErrors,
  DOCS_FILES,
  localeFile,
  repositoryFiles,
} from '../support/content';
import { LOCALES, type Locale } from '../support/locales';
import {
  enterNewCase,
  NEW_CASE,
  NEW_CASE_TEXTS,
  newCasePicture,
  PICTURE_NAME,
} from '../support/new-case';
import { readRepository, untilSaved } from '../support/opfs';
import {
  BUILD_TIMEOUT_MS,
  buildWeb,
  builtPage,
  builtSizes,
  copyWeb,
  pictureBase,
} from '../support/site-build';
import { field, openArticle, openTexts, pane, pickInto, save } from '../support/sveltia';

// The editor starts from this checkout's content: its locale files, case pictures and logos.
const seed = repositoryFiles();
const seedText = (locale: Locale) => seed[localeFile(locale)]!.toString('utf8');
const seedJson = (locale: Locale) => JSON.parse(seedText(locale));
const text = (files: Record<string, Buffer>, locale: Locale) =>
  files[localeFile(locale)]!.toString('utf8');

test('a Russian case description edited in the editor changes that one value in ru.json, which the build accepts', async ({
  editor: page,
  site,
}) => {
  const before: string = seedJson('ru').cases.items[1].description;
  const after = 'Лендинг и dApp для стейкинга: кошелёк, доходность из блокчейна, аудит контрактов.';
  await openTexts(page, site.url, seed);
  const description = (await field(pane(page, 'ru'), 'cases.items.1.description')).getByRole(
    'textbox',
  );
  await expect(description).toHaveValue(before);
  await description.fill(after);
  await save(page);

  const files = await untilSaved(page, (files) => text(files, 'ru').includes(after));
  const ru = text(files, 'ru');
  expect(changedPaths(seedJson('ru'), JSON.parse(ru))).toEqual(['cases.items[1].description']);
  // The seed but for that value, byte for byte: the editor keeps the file's key order and layout.
  expect(seedText('ru').split(JSON.stringify(before))).toHaveLength(2);
  expect(ru).toBe(seedText('ru').replace(JSON.stringify(before), JSON.stringify(after)));
  expect(files[localeFile('en')]!.equals(seed[localeFile('en')]!)).toBe(true);
  expect(await contentErrors({ en: seedText('en'), ru })).toEqual([]);
});

test('a case added in the editor with a new picture builds, and both prerendered pages and its docs pages show it', async ({
  editor: page,
  site,
}) => {
  test.setTimeout(60_000 + BUILD_TIMEOUT_MS);
  const picture = await newCasePicture();
  const index = seedJson('en').cases.items.length;
  await openTexts(page, site.url, seed);
  await enterNewCase(page, index, picture);
  await save(page);

  // One commit, file by file: wait for each of its files.
  const files = await untilSaved(
    page,
    (files) =>
      LOCALES.every((locale) => text(files, locale).includes(NEW_CASE_TEXTS[locale].description)) &&
      `${CASE_IMAGES}/${PICTURE_NAME}` in files,
  );
  for (const locale of LOCALES) {
    const saved = JSON.parse(text(files, locale));
    expect(changedPaths(seedJson(locale), saved)).toEqual([`cases.items[${index}]`]);
    expect(saved.cases.items[index]).toEqual({ ...NEW_CASE, ...NEW_CASE_TEXTS[locale] });
  }
  expect(files[`${CASE_IMAGES}/${PICTURE_NAME}`]?.equals(picture)).toBe(true);

  // What the deploy does with the commit: a real build of web/ with the saved files.
  const copy = copyWeb(files);
  try {
    await buildWeb(copy);
    const sizes = builtSizes(copy, NEW_CASE.image);
    expect(sizes.length).toBeGreaterThan(0);
    expect(sizes).toEqual(builtSizes(copy, seedJson('en').cases.items[0].image));
    for (const locale of LOCALES) {
      const html = builtPage(copy, `${locale}/index.html`);
      expect(html).toContain(NEW_CASE.name);
      expect(html).toContain(NEW_CASE_TEXTS[locale].description);
      expect(html).toContain(`/images/cases/built/${pictureBase(NEW_CASE.image)}-`);
      // Its docs page too, from its data alone, listed on the docs index: no other step.
      const docs = builtPage(copy, `${locale}/docs/cases/${NEW_CASE.id}.html`);
      expect(docs).toContain(`<h1 class="docs-article__title">${NEW_CASE.name}</h1>`);
      expect(docs).toContain(NEW_CASE_TEXTS[locale].description);
      expect(builtPage(copy, `${locale}/docs/index.html`)).toContain(
        `href="/${locale}/docs/cases/${NEW_CASE.id}"`,
      );
    }
  } finally {
    copy.remove();
  }
});

test('an emptied required field is refused before saving, and the repository stays as it was', async ({
  editor: page,
  site,
}) => {
  await openTexts(page, site.url, seed);
  const description = await field(pane(page, 'ru'), 'cases.items.1.description');
  await description.getByRole('textbox').fill('');
  await save(page);

  // Sveltia's own words (its en-US locale): exactly one field is wrong, and it says which.
  await expect(
    page.getByText('One field has an error. Please correct it to save the entry.'),
  ).toBeVisible();
  await expect(description.getByText('This field is required.')).toBeVisible();
  const files = await readRepository(page);
  for (const locale of LOCALES) {
    expect(files[localeFile(locale)]!.equals(seed[localeFile(locale)]!)).toBe(true);
  }
});

// A file picked in the media library is written as its public path, the form the schema asks
// for, in both languages (the logo is one value for both), and the build accepts it.
test('a logo picked from the media library changes that one value in both files, which the build accepts', async ({
  editor: page,
  site,
}) => {
  await openTexts(page, site.url, seed);
  await pickInto(page, await field(pane(page, 'en'), 'cases.items.1.logo'), 'icon-3.svg');
  await save(page);

  const logoOf = (files: Record<string, Buffer>, locale: Locale) =>
    JSON.parse(text(files, locale)).cases.items[1].logo;
  const files = await untilSaved(page, (files) =>
    LOCALES.every((locale) => logoOf(files, locale) === '/images/cases/icon-3.svg'),
  );
  for (const locale of LOCALES) {
    const saved = JSON.parse(text(files, locale));
    expect(changedPaths(seedJson(locale), saved)).toEqual(['cases.items[1].logo']);
    expect(saved.cases.items[1].logo).toBe('/images/cases/icon-3.svg');
  }
  expect(await contentErrors({ en: text(files, 'en'), ru: text(files, 'ru') })).toEqual([]);
});

test("a docs article's Russian description edited in the editor changes that one line of its file, which the build accepts", async ({
  editor: page,
  site,
}) => {
  const file = `${DOCS_FILES}/ru/services/web3.md`;
  const seedArticle = seed[file]!.toString('utf8');
  const before = /^description: (.*)$/m.exec(seedArticle)![1]!;
  const after = 'Смарт-контракты, токены, NFT, DeFi и dApps: от спецификации до аудита и запуска.';
  await openArticle(page, site.url, seed, 'docs-services', 'web3');
  const description = (await field(pane(page, 'ru'), 'description')).getByRole('textbox');
  await expect(description).toHaveValue(before.replace(/^["']|["']$/g, ''));
  await description.fill(after);
  await save(page);

  const files = await untilSaved(page, (files) => files[file]!.toString('utf8').includes(after));
  const saved = files[file]!.toString('utf8');
  // The article itself, the other fields and the English file are as they were.
  expect(saved.slice(saved.indexOf('\n---', 3))).toBe(
    seedArticle.slice(seedArticle.indexOf('\n---', 3)),
  );
  expect(
    files[`${DOCS_FILES}/en/services/web3.md`]!.equals(seed[`${DOCS_FILES}/en/services/web3.md`]!),
  ).toBe(true);
  expect(docsErrors(files)).toEqual([]);
});
