// Fallback faces sized like the brand fonts: a local font scaled (size-adjust) to the brand font's
// average width and given its ascent and descent, so the text keeps its lines and wraps when the
// brand font swaps in (font-display: swap) instead of shifting the layout. The same arithmetic
// as Next.js's and Fontaine's, from the font files' own metrics (Capsize reads them).
import { fromBuffer } from '@capsizecss/unpack';
import arial from '@capsizecss/metrics/arial';
import roboto from '@capsizecss/metrics/roboto';
import subsetFont from 'subset-font';

/**
 * The local fonts stood in for the brand fonts, each with the names local() looks for: Arial on
 * Windows, macOS and iOS (Liberation Sans, on Linux, is drawn to Arial's metrics), Roboto on
 * Android. A device without one skips its face and tries the next.
 */
export const LOCAL_FONTS = [
  { name: 'Arial', metrics: arial, local: ['Arial', 'ArialMT', 'Liberation Sans'] },
  { name: 'Roboto', metrics: roboto, local: ['Roboto', 'Roboto-Regular'] },
];

/** The family name of a brand family's fallback over one local font. */
export function fallbackFamily(family, localName) {
  return `${family.replace(/ Variable$/, '')} Fallback ${localName}`;
}

const percent = (ratio) => `${(ratio * 100).toFixed(2)}%`;

/**
 * The overrides that make `local` (Capsize metrics) take the room `font` does: its average
 * character width by size-adjust, then ascent, descent and line gap in the adjusted size.
 */
export function overrides(font, local) {
  const sizeAdjust = font.xWidthAvg / font.unitsPerEm / (local.xWidthAvg / local.unitsPerEm);
  const em = font.unitsPerEm * sizeAdjust;
  return {
    sizeAdjust: percent(sizeAdjust),
    ascentOverride: percent(font.ascent / em),
    descentOverride: percent(Math.abs(font.descent) / em),
    lineGapOverride: percent(font.lineGap / em),
  };
}

/**
 * The @font-face rules of every family's fallbacks. `readLatin(slug)` gives the family's Latin
 * source file; its widths are measured at the family's `fallbackWeight`, the weight most of its
 * text is set in (a variable font's default instance may be its thinnest).
 */
export async function fallbackFaces(families, readLatin) {
  const rules = [];
  for (const { family, slug, fallbackWeight } of families) {
    const instance = await subsetFont(await readLatin(slug), undefined, {
      targetFormat: 'sfnt',
      keepAllGlyphs: true,
      variationAxes: { wght: fallbackWeight },
    });
    const metrics = await fromBuffer(instance);
    for (const local of LOCAL_FONTS) {
      const o = overrides(metrics, local.metrics);
      rules.push(`@font-face {
  font-family: '${fallbackFamily(family, local.name)}';
  src: ${local.local.map((name) => `local('${name}')`).join(', ')};
  size-adjust: ${o.sizeAdjust};
  ascent-override: ${o.ascentOverride};
  descent-override: ${o.descentOverride};
  line-gap-override: ${o.lineGapOverride};
}
`);
    }
  }
  return rules.join('\n');
}
