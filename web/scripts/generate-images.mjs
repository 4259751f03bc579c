// Generates the site's pictures from SVG drawn here: case icons 1–5 (SVG), case pictures 1–7
// (960 px WebP; the build makes their sizes) and the bento tiles (6 per language, their words
// read from the locale files) as AVIF and WebP at 480 and 960 px wide. Text is set in Inter (Debian's fonts-inter, Latin and Cyrillic):
//   apt-get install fonts-inter && node scripts/generate-images.mjs
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { CASE_ICONS, CASE_PREVIEWS } from './images/cases.mjs';
import { bentoTile } from './images/bento.mjs';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WIDTHS = [480, 960];

const fonts = execFileSync('fc-list', [':', 'family'], { encoding: 'utf8' });
if (!fonts.includes('Inter Display')) {
  throw new Error('Inter is missing: apt-get install fonts-inter, then run this again');
}

async function writeRaster(svg, base) {
  await mkdir(path.dirname(base), { recursive: true });
  for (const width of WIDTHS) {
    const image = sharp(Buffer.from(svg), { density: 144 }).resize({ width });
    await image.clone().avif({ quality: 52, effort: 6 }).toFile(`${base}-${width}.avif`);
    await image.clone().webp({ quality: 80, effort: 6 }).toFile(`${base}-${width}.webp`);
  }
}

const casesDir = path.join(web, 'public/images/cases');
await mkdir(casesDir, { recursive: true });
for (const [i, icon] of CASE_ICONS.entries()) {
  await writeFile(path.join(casesDir, `icon-${i + 1}.svg`), icon.trim() + '\n');
}
// A case's picture is one file the locale files name (a manager may upload another in the
// editor); the build makes its sizes (scripts/case-images.mjs).
for (const [i, preview] of CASE_PREVIEWS.entries()) {
  await sharp(Buffer.from(preview()), { density: 144 })
    .resize({ width: 960 })
    .webp({ quality: 80, effort: 6 })
    .toFile(path.join(casesDir, `case-${i + 1}.webp`));
}

for (const locale of ['en', 'ru']) {
  const messages = JSON.parse(
    await readFile(path.join(web, `src/i18n/locales/${locale}.json`), 'utf8'),
  );
  for (const [i, item] of messages.bento.items.entries()) {
    await writeRaster(
      bentoTile(i, item),
      path.join(web, `public/images/bento/${locale}/bento-${i + 1}`),
    );
  }
}
console.log('wrote case icons, case previews and bento tiles');
