// Each docs page's link preview (Open Graph, 1200×630 PNG), made at build time: satori lays the
// title out as SVG with the brand's own faces embedded, and resvg renders it. The faces are the
// static WOFF cuts of @fontsource (satori reads neither WOFF2 nor variable fonts), Latin and
// Cyrillic, so a Russian title is drawn in its font and not in boxes.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { COLORS, markSvg } from './brand.mjs';

export const OG_SIZE = { width: 1200, height: 630 };
const require = createRequire(import.meta.url);

/** The faces the preview is set in: Unbounded for the title, Manrope for the rest. */
// Each subset is a family of its own: satori picks a face by family and falls back along the
// family list glyph by glyph, but would draw a Cyrillic letter from a Latin face of the same
// name as an empty box.
const FACES = [
  ['Unbounded', '@fontsource/unbounded', 'latin', 700],
  ['Unbounded Cyrillic', '@fontsource/unbounded', 'cyrillic', 700],
  ['Manrope', '@fontsource/manrope', 'latin', 600],
  ['Manrope Cyrillic', '@fontsource/manrope', 'cyrillic', 600],
];
const DISPLAY = 'Unbounded, Unbounded Cyrillic';
const BODY = 'Manrope, Manrope Cyrillic';

let fonts;
async function loadFonts() {
  fonts ??= Promise.all(
    FACES.map(async ([name, pkg, subset, weight]) => ({
      name,
      weight,
      style: 'normal',
      data: await readFile(
        require.resolve(`${pkg}/files/${pkg.split('/')[1]}-${subset}-${weight}-normal.woff`),
      ),
    })),
  );
  return fonts;
}

/** An element tree for satori, written without JSX: `h(type, style, ...children)`. */
function h(type, style, ...children) {
  return { type, props: { style: { display: 'flex', ...style }, children } };
}

const MARK = `data:image/svg+xml;base64,${Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">${markSvg('og')}</svg>`,
).toString('base64')}`;

/** Titles run to three lines at most: the longer, the smaller. */
export function titleSize(title) {
  if (title.length <= 40) return 68;
  if (title.length <= 60) return 58;
  return 48;
}

const PAD_X = 80;
const PAD_Y = 72;

/** The preview's layout: the section above the title, the studio's mark and name below. */
export function ogTree({ title, section, siteName, locale }) {
  return h(
    'div',
    {
      // satori sizes boxes without their padding (content-box): the padding is taken off here.
      width: OG_SIZE.width - 2 * PAD_X,
      height: OG_SIZE.height - 2 * PAD_Y,
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: `${PAD_Y}px ${PAD_X}px`,
      color: COLORS.text,
      backgroundColor: COLORS.bg,
      backgroundImage: `radial-gradient(circle at 0% 0%, rgba(139,108,255,0.38), transparent 55%), radial-gradient(circle at 100% 100%, rgba(46,230,166,0.22), transparent 50%)`,
      fontFamily: BODY,
    },
    h(
      'div',
      { flexDirection: 'column', gap: 28 },
      h(
        'div',
        {
          fontSize: 28,
          fontWeight: 600,
          color: COLORS.accent2,
          letterSpacing: 2,
          textTransform: 'uppercase',
        },
        section,
      ),
      h(
        'div',
        {
          fontFamily: DISPLAY,
          fontSize: titleSize(title),
          fontWeight: 700,
          lineHeight: 1.15,
        },
        title,
      ),
    ),
    h(
      'div',
      { alignItems: 'center', gap: 20 },
      { type: 'img', props: { src: MARK, width: 64, height: 64 } },
      h('div', { fontFamily: DISPLAY, fontSize: 34, fontWeight: 700 }, siteName),
      h('div', { fontSize: 26, color: COLORS.muted, marginLeft: 'auto' }, locale.toUpperCase()),
    ),
  );
}

/** The preview as PNG bytes. */
export async function renderOgImage(page) {
  const svg = await satori(ogTree(page), { ...OG_SIZE, fonts: await loadFonts() });
  return new Resvg(svg, { fitTo: { mode: 'width', value: OG_SIZE.width } }).render().asPng();
}

/** What decides a preview's pixels, so an unchanged page's image comes from the cache. */
export async function ogKey(page) {
  const self = await readFile(new URL(import.meta.url));
  return createHash('sha256').update(self).update(JSON.stringify(page)).digest('hex').slice(0, 16);
}

/**
 * The share of a preview's title band (below the section, above the mark) that is light: text
 * drawn in the title's colour. Near 0 when the title was not drawn, as when its font is missing.
 */
export async function titleInk(png) {
  const { default: sharp } = await import('sharp');
  const band = { left: PAD_X, top: 130, width: OG_SIZE.width - 2 * PAD_X, height: 280 };
  const { data, info } = await sharp(png).extract(band).raw().toBuffer({ resolveWithObject: true });
  let light = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (data[i] > 200 && data[i + 1] > 200 && data[i + 2] > 200) light += 1;
  }
  return light / (band.width * band.height);
}
