import sharp from 'sharp';
import { expect, test } from 'vitest';
import { OG_SIZE, renderOgImage, titleInk, titleSize } from './og-docs.mjs';

const page = (title, locale = 'en') => ({ title, section: 'Cases', siteName: 'Mintline', locale });

test('a preview is a 1200×630 PNG with its title drawn', async () => {
  const png = await renderOgImage(page('Vaultline Finance: a staking dApp'));
  const meta = await sharp(png).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['png', OG_SIZE.width, OG_SIZE.height]);
  expect(await titleInk(png)).toBeGreaterThan(0.03);
  expect(await titleInk(await renderOgImage(page('')))).toBeLessThan(0.001);
});

// A face without Cyrillic draws every Russian letter as the same empty box: two different words
// would then leave the same pixels. Drawn in the right face, they differ.
test('a Russian title is drawn in glyphs, not in the boxes of a missing font', async () => {
  const first = await renderOgImage(page('Кто мы и как работаем', 'ru'));
  const second = await renderOgImage(page('Жёсткий бюджет и сроки', 'ru'));
  expect(await titleInk(first)).toBeGreaterThan(0.03);
  const [a, b] = await Promise.all([first, second].map((png) => sharp(png).raw().toBuffer()));
  let differing = 0;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) differing += 1;
  expect(differing / a.length).toBeGreaterThan(0.01);
});

test('longer titles are set smaller, so three lines hold the longest', () => {
  expect(titleSize('Short')).toBeGreaterThan(titleSize('x'.repeat(55)));
  expect(titleSize('x'.repeat(55))).toBeGreaterThan(titleSize('x'.repeat(90)));
});
