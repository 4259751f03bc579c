import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { root } from './content';
import type { Locale } from './locales';
import { addItem, choose, field, fillText, pane, pickInto, uploadInto } from './sveltia';

// The build's own sharp: the e2e package has no image library.
const sharp = createRequire(path.join(root, 'web/package.json'))(
  'sharp',
) as typeof import('../../web/node_modules/sharp').default;

/** The case a manager adds; the schema shares these values between the languages. */
export const NEW_CASE = {
  id: 'northwind',
  name: 'Northwind Labs',
  type: 'database',
  link: 'https://northwind.example',
  link_name: 'northwind.example',
  social: 'northwindlabs',
  social_name: '@northwindlabs',
  sType: 'x',
  // Public paths, as the editor's media library writes them: the logo picked from the site's
  // own, the picture uploaded.
  logo: '/images/cases/icon-2.svg',
  image: '/images/cases/northwind.png',
  url: 'cases/northwind',
};

export const NEW_CASE_TEXTS: Record<Locale, { description: string; hint: string; alt: string }> = {
  en: {
    description: 'A warehouse for a shipping company that joins orders and tracking in one place.',
    hint: 'Orders and tracking in one place',
    alt: 'Northwind Labs dashboard with shipments on a map',
  },
  ru: {
    description: 'Хранилище для логистической компании: заказы и отслеживание в одном месте.',
    hint: 'Заказы и отслеживание в одном месте',
    alt: 'Панель Northwind Labs с отправками на карте',
  },
};

/** The file name the picture is uploaded under. */
export const PICTURE_NAME = 'northwind.png';

/**
 * The new case's picture as a manager uploads it: 4:3, above the build's minimum, in a colour of
 * its own each run, so its bytes are in no build cache (web/scripts/build-cache.mjs keeps every
 * picture this machine encoded) and the build encodes its sizes.
 */
export async function newCasePicture(): Promise<Buffer> {
  const background = `#${randomBytes(3).toString('hex')}`;
  return sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .png()
    .toBuffer();
}

/** Adds NEW_CASE as item `index` of cases.items, in both languages, with its uploads. */
export async function enterNewCase(page: Page, index: number, picture: Buffer): Promise<void> {
  const en = pane(page, 'en');
  const item = `cases.items.${index}`;
  // Each language's list takes its own Add; the shared values then follow the English ones.
  await addItem(en, 'cases.items', 'Cases');
  await addItem(pane(page, 'ru'), 'cases.items', 'Cases');
  for (const key of ['id', 'name', 'link', 'link_name', 'social', 'social_name', 'url'] as const) {
    await fillText(en, `${item}.${key}`, NEW_CASE[key]);
  }
  await choose(en, `${item}.type`, NEW_CASE.type);
  await choose(en, `${item}.sType`, NEW_CASE.sType);
  await pickInto(page, await field(en, `${item}.logo`), 'icon-2.svg');
  await uploadInto(page, await field(en, `${item}.image`), {
    name: PICTURE_NAME,
    mimeType: 'image/png',
    buffer: picture,
  });
  for (const locale of ['en', 'ru'] as const) {
    for (const [key, value] of Object.entries(NEW_CASE_TEXTS[locale])) {
      await fillText(pane(page, locale), `${item}.${key}`, value);
    }
  }
}
