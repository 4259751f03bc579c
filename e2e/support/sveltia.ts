import { expect, type Locator, type Page } from '@playwright/test';
import type { Locale } from './locales';
import { seedRepository } from './opfs';

/**
 * Driving Sveltia CMS (the editor at /admin) the way a manager does. The locale files are one
 * entry; with the preview off, Sveltia shows the English and the Russian form side by side.
 */
const TEXTS_ENTRY = '#/collections/site/entries/texts';

/** Seeds the test repository with `files` and signs in to it. */
async function signIn(page: Page, siteUrl: string, files: Record<string, Buffer>): Promise<void> {
  // The repository lives in the origin's private file system: any page of the origin can seed it.
  await page.goto(`${siteUrl}/admin/manual-init.js`);
  await seedRepository(page, files);
  await page.goto(`${siteUrl}/admin/`);
  await page.getByRole('button', { name: 'Work with Test Repository' }).click();
  await expect(page.getByRole('radio', { name: 'Contents' })).toBeVisible();
}

/** Seeds the test repository with `files`, signs in to it and opens the locale files' entry. */
export async function openTexts(
  page: Page,
  siteUrl: string,
  files: Record<string, Buffer>,
): Promise<void> {
  await signIn(page, siteUrl, files);
  await page.goto(`${siteUrl}/admin/${TEXTS_ENTRY}`);
  // Both forms show only if the configuration turns i18n on for the entry (and its collection).
  for (const locale of ['en', 'ru'] as const) {
    await expect(pane(page, locale), `the ${locale} form of the locale files`).toBeVisible();
  }
}

/**
 * Seeds the test repository, signs in and opens one docs article (`collection` is
 * docs-cases, docs-services or docs-about; `slug` its file name), both languages side by side.
 */
export async function openArticle(
  page: Page,
  siteUrl: string,
  files: Record<string, Buffer>,
  collection: string,
  slug: string,
): Promise<void> {
  await signIn(page, siteUrl, files);
  await page.goto(`${siteUrl}/admin/#/collections/${collection}/entries/${slug}`);
  for (const locale of ['en', 'ru'] as const) {
    await expect(pane(page, locale), `the ${locale} form of ${slug}`).toBeVisible();
  }
}

/** One locale's form. */
export function pane(page: Page, locale: Locale): Locator {
  return page.locator(`[data-locale="${locale}"][data-mode="edit"]`);
}

/**
 * The field at a key path of the locale file (e.g. `cases.items.1.description`), with every
 * object, list and list item on the way expanded (our configuration collapses them). Sveltia
 * renders a field only when it scrolls into view, with a placeholder in its place until then, so
 * placeholders are scrolled into view one at a time, in order, until the field exists.
 */
export async function field(form: Locator, keyPath: string): Promise<Locator> {
  const parts = keyPath.split('.');
  for (let end = 1; end < parts.length; end++) {
    const key = parts[end - 1]!;
    if (/^\d+$/.test(key)) {
      const list = await rendered(form, parts.slice(0, end - 1).join('.'));
      await expand(await itemToggle(list, Number(key)));
    } else {
      await expand(ownToggle(await rendered(form, parts.slice(0, end).join('.'))));
    }
  }
  return rendered(form, keyPath);
}

async function rendered(form: Locator, keyPath: string): Promise<Locator> {
  const target = form.locator(`[data-key-path="${keyPath}"]`);
  await expect
    .poll(
      async () => {
        if ((await target.count()) > 0) return true;
        await form
          .locator('div.placeholder')
          .evaluateAll((placeholders) => placeholders[0]?.scrollIntoView({ block: 'end' }));
        return false;
      },
      { message: `the field ${keyPath} is rendered`, intervals: [100], timeout: 20_000 },
    )
    .toBe(true);
  await target.scrollIntoViewIfNeeded();
  return target;
}

/** An object's or a list's own expander: it comes before those of its children. */
function ownToggle(objectOrList: Locator): Locator {
  return objectOrList.getByRole('button', { name: /^(Expand|Collapse)$/ }).first();
}

/**
 * Item `index`'s expander. Items have no key path of their own; the list's expander controls
 * `<id>-item-list` and item N's controls `<id>-item-N-body`.
 */
async function itemToggle(list: Locator, index: number): Promise<Locator> {
  const items = await ownToggle(list).getAttribute('aria-controls');
  if (!items?.endsWith('-item-list')) throw new Error(`not a list: ${items}`);
  const body = items.replace(/-item-list$/, `-item-${index}-body`);
  return list.locator(`button[aria-controls="${body}"]`);
}

async function expand(toggle: Locator): Promise<void> {
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

export async function fillText(form: Locator, keyPath: string, value: string): Promise<void> {
  await (await field(form, keyPath)).getByRole('textbox').fill(value);
}

export async function choose(form: Locator, keyPath: string, option: string): Promise<void> {
  await (await field(form, keyPath)).getByRole('radio', { name: option, exact: true }).check();
}

/** Appends an item to the list at `keyPath`; each locale's list takes its own Add. */
export async function addItem(form: Locator, keyPath: string, label: string): Promise<void> {
  const list = await field(form, keyPath);
  await expand(ownToggle(list));
  // Sveltia sets names it inserts into its labels apart with Unicode isolates (U+2068, U+2069).
  const add = list.getByRole('button', { name: `Add \u2068${label}\u2069` });
  await add.scrollIntoViewIfNeeded();
  await add.click();
}

export interface Upload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Uploads a file into a file or image field through the media library, and inserts it. */
export async function uploadInto(page: Page, fileField: Locator, file: Upload): Promise<void> {
  const library = await openLibrary(page, fileField);
  const chooser = page.waitForEvent('filechooser');
  await library.getByRole('button', { name: 'Upload' }).click();
  await (await chooser).setFiles(file);
  await expect(library.getByRole('option', { name: file.name })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await insert(library);
}

/** Picks a file the repository already has from the media library, and inserts it. */
export async function pickInto(page: Page, fileField: Locator, name: string): Promise<void> {
  const library = await openLibrary(page, fileField);
  await library.getByRole('option', { name, exact: true }).click();
  await insert(library);
}

async function openLibrary(page: Page, fileField: Locator): Promise<Locator> {
  // Browse when the field is empty, Replace when it has a file.
  await fileField.getByRole('button', { name: /^(Browse|Replace File|Replace Image)$/ }).click();
  const library = page.getByRole('dialog', { name: /^Select (File|Image)$/ });
  await expect(library).toBeVisible();
  return library;
}

async function insert(library: Locator): Promise<void> {
  await library.getByRole('button', { name: 'Insert' }).click();
  await expect(library).toBeHidden();
}

export async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
}
