// Makes each case's preview sizes from the one picture the locale files name (a manager uploads
// one file in the editor): 4:3, 480 and 960 px wide, AVIF and WebP, in public/images/cases/built/
// (not committed). A picture whose bytes have not changed is not encoded again: the hash of each
// one's source is kept in node_modules/.cache, out of the site, and the sizes of every picture
// encoded on this machine are kept by that hash in the build cache (scripts/build-cache.mjs), so
// another checkout copies them.
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { asideOf, buildCacheDir, keepNewest, markUsed } from './build-cache.mjs';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WIDTHS = [480, 960];
const ASPECT = 3 / 4;
const AVIF = { quality: 52, effort: 4 };
const WEBP = { quality: 80, effort: 6 };
/** What else decides the encoded bytes: a stored entry is named by it and the source's hash. */
const ENCODING = createHash('sha256')
  .update(JSON.stringify({ WIDTHS, ASPECT, AVIF, WEBP, sharp: sharp.versions }))
  .digest('hex')
  .slice(0, 8);
/** Stored entries kept: the pictures of a few versions of the content. */
const STORED = 64;

/** The output base name of a picture: its file name without the extension. */
export function builtBase(image) {
  return image.replace(/\.[^.]+$/, '');
}

const SIZES = WIDTHS.flatMap((w) => ['avif', 'webp'].map((f) => `${w}.${f}`));

/** Copies a stored entry's sizes to `outDir` under `base`; false when there is no whole entry. */
async function copyStored(entry, base, outDir) {
  try {
    await Promise.all(
      SIZES.map((size) => copyFile(path.join(entry, size), path.join(outDir, `${base}-${size}`))),
    );
  } catch {
    return false;
  }
  await markUsed(entry);
  return true;
}

/** Stores the sizes just encoded under `base` as `entry`: whole (written aside, then renamed). */
async function store(entry, base, outDir) {
  const aside = asideOf(entry);
  await rm(aside, { recursive: true, force: true });
  await mkdir(aside, { recursive: true });
  await Promise.all(
    SIZES.map((size) => copyFile(path.join(outDir, `${base}-${size}`), path.join(aside, size))),
  );
  // An entry there is one found incomplete (or another build's same bytes): replaced.
  await rm(entry, { recursive: true, force: true });
  await rename(aside, entry).catch(() => rm(aside, { recursive: true, force: true }));
}

/**
 * Makes the sizes of each picture in `outDir`; returns how many pictures were encoded and how many
 * were copied from `storeDir` (the build cache; none when it is not given).
 */
export async function buildCaseImages({ sourceDir, outDir, images, cacheFile, storeDir }) {
  await mkdir(outDir, { recursive: true });
  const hashes = JSON.parse(await readFile(cacheFile, 'utf8').catch(() => '{}'));
  const present = new Set(await readdir(outDir));
  let encoded = 0;
  let copied = 0;
  const wanted = new Set();
  for (const image of new Set(images)) {
    const base = builtBase(image);
    const source = await readFile(path.join(sourceDir, image));
    const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
    const outputs = SIZES.map((size) => `${base}-${size}`);
    outputs.forEach((name) => wanted.add(name));
    if (hashes[base] === hash && outputs.every((name) => present.has(name))) continue;
    hashes[base] = hash;
    const entry = storeDir && path.join(storeDir, `${hash}-${ENCODING}`);
    if (entry && (await copyStored(entry, base, outDir))) {
      copied += 1;
      continue;
    }
    for (const width of WIDTHS) {
      const image = sharp(source).resize({
        width,
        height: Math.round(width * ASPECT),
        fit: 'cover',
      });
      await image
        .clone()
        .avif(AVIF)
        .toFile(path.join(outDir, `${base}-${width}.avif`));
      await image
        .clone()
        .webp(WEBP)
        .toFile(path.join(outDir, `${base}-${width}.webp`));
    }
    encoded += 1;
    if (entry) await store(entry, base, outDir);
  }
  if (storeDir) await keepNewest(storeDir, STORED);
  // A case removed in the editor takes its sizes with it, so the site carries no orphans.
  for (const name of await readdir(outDir)) {
    if (!wanted.has(name)) await rm(path.join(outDir, name));
  }
  await mkdir(path.dirname(cacheFile), { recursive: true });
  await writeFile(cacheFile, JSON.stringify(hashes));
  return { encoded, copied };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const messages = JSON.parse(await readFile(path.join(web, 'src/i18n/locales/en.json'), 'utf8'));
  // Public paths (/images/cases/<name>), checked by the content check before this step.
  const images = messages.cases.items.map((item) => path.posix.basename(item.image));
  const started = Date.now();
  const { encoded, copied } = await buildCaseImages({
    sourceDir: path.join(web, 'public/images/cases'),
    outDir: path.join(web, 'public/images/cases/built'),
    images,
    cacheFile: path.join(web, 'node_modules/.cache/case-images.json'),
    storeDir: await buildCacheDir('case-images'),
  });
  console.log(
    `case-images: ${images.length} pictures, ${encoded} encoded and ${copied} from the build ` +
      `cache in ${Date.now() - started} ms`,
  );
}
