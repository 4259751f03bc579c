// Makes each case's preview sizes from the one picture the locale files name (a manager uploads
// one file in the editor): 4:3, 480 and 960 px wide, AVIF and WebP, in public/images/cases/built/
// (not committed). A picture whose bytes have not changed is not encoded again: the hash of each
// one's source is kept in node_modules/.cache, out of the site.
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WIDTHS = [480, 960];
const ASPECT = 3 / 4;

/** The output base name of a picture: its file name without the extension. */
export function builtBase(image) {
  return image.replace(/\.[^.]+$/, '');
}

export async function buildCaseImages({ sourceDir, outDir, images, cacheFile }) {
  await mkdir(outDir, { recursive: true });
  const hashes = JSON.parse(await readFile(cacheFile, 'utf8').catch(() => '{}'));
  const present = new Set(await readdir(outDir));
  let encoded = 0;
  const wanted = new Set();
  for (const image of new Set(images)) {
    const base = builtBase(image);
    const source = await readFile(path.join(sourceDir, image));
    const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
    const outputs = WIDTHS.flatMap((w) => ['avif', 'webp'].map((f) => `${base}-${w}.${f}`));
    outputs.forEach((name) => wanted.add(name));
    if (hashes[base] === hash && outputs.every((name) => present.has(name))) continue;
    for (const width of WIDTHS) {
      const image = sharp(source).resize({
        width,
        height: Math.round(width * ASPECT),
        fit: 'cover',
      });
      await image
        .clone()
        .avif({ quality: 52, effort: 4 })
        .toFile(path.join(outDir, `${base}-${width}.avif`));
      await image
        .clone()
        .webp({ quality: 80, effort: 6 })
        .toFile(path.join(outDir, `${base}-${width}.webp`));
    }
    hashes[base] = hash;
    encoded += 1;
  }
  // A case removed in the editor takes its sizes with it, so the site carries no orphans.
  for (const name of await readdir(outDir)) {
    if (!wanted.has(name)) await rm(path.join(outDir, name));
  }
  await mkdir(path.dirname(cacheFile), { recursive: true });
  await writeFile(cacheFile, JSON.stringify(hashes));
  return encoded;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const messages = JSON.parse(await readFile(path.join(web, 'src/i18n/locales/en.json'), 'utf8'));
  // Public paths (/images/cases/<name>), checked by the content check before this step.
  const images = messages.cases.items.map((item) => path.posix.basename(item.image));
  const started = Date.now();
  const encoded = await buildCaseImages({
    sourceDir: path.join(web, 'public/images/cases'),
    outDir: path.join(web, 'public/images/cases/built'),
    images,
    cacheFile: path.join(web, 'node_modules/.cache/case-images.json'),
  });
  console.log(
    `case-images: ${images.length} pictures, ${encoded} encoded in ${Date.now() - started} ms`,
  );
}
