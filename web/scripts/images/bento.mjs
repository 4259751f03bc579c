// The six who-we-are bento tiles, drawn around the words of the locale file's bento.items.
import { BODY, C, DISPLAY, esc, glow, svg, textBlock } from './svg.mjs';

/** Tile sizes: 0 big square, 1/4/5 wide, 2/3 small square (drawn at 960 px, shown smaller). */
const SIZES = [
  [960, 960],
  [960, 480],
  [960, 960],
  [960, 960],
  [960, 480],
  [960, 480],
];

const ACCENTS = [C.violet, C.mint, C.sky, '#2f9bff', C.amber, C.mint];

function decoration(index, w, h, accent) {
  switch (index) {
    case 0: {
      // A field of project tiles, a few lit up.
      const cells = [];
      for (let r = 0; r < 5; r++) {
        for (let c = 0; c < 7; c++) {
          const lit = (r * 7 + c) % 5 === 1 || (r + c) % 6 === 0;
          cells.push(
            `<rect x="${420 + c * 70}" y="${470 + r * 70}" width="54" height="54" rx="14" fill="${lit ? accent : C.surface2}" opacity="${lit ? 0.9 - r * 0.08 : 1}"/>`,
          );
        }
      }
      return cells.join('');
    }
    case 1: {
      // A chain of blocks.
      return [0, 1, 2, 3]
        .map(
          (i) =>
            `<g transform="translate(${610 + i * 84} ${310 - i * 46})"><path d="M0 28 L40 8 L80 28 L40 48 Z" fill="${accent}" opacity="${0.35 + i * 0.2}"/><path d="M0 28 V72 L40 92 V48 Z" fill="${C.surface2}"/><path d="M80 28 V72 L40 92 V48 Z" fill="#24243a"/></g>`,
        )
        .join('');
    }
    case 2:
      // A browser window.
      return `<rect x="600" y="680" width="520" height="420" rx="34" fill="${C.surface2}" stroke="${accent}" stroke-width="6"/><circle cx="650" cy="732" r="12" fill="#ff5f57"/><circle cx="690" cy="732" r="12" fill="#febc2e"/><circle cx="730" cy="732" r="12" fill="#28c840"/><rect x="640" y="780" width="260" height="26" rx="13" fill="${accent}" opacity="0.8"/><rect x="640" y="830" width="360" height="18" rx="9" fill="${C.border}"/><rect x="640" y="866" width="300" height="18" rx="9" fill="${C.border}"/>`;
    case 3:
      // A paper plane.
      return `<g transform="translate(600 650) rotate(-12) scale(0.8)"><path d="M0 160 L360 0 L280 330 L170 230 Z" fill="${accent}"/><path d="M170 230 L360 0 L140 290 Z" fill="#1d63c7"/><path d="M140 290 L170 230 L200 258 Z" fill="#154a96"/></g>`;
    case 4:
      // Four milestones on a line.
      return `<path d="M600 380 H900" stroke="${C.border}" stroke-width="6" stroke-linecap="round"/>${[
        0, 1, 2, 3,
      ]
        .map(
          (i) =>
            `<circle cx="${620 + i * 92}" cy="380" r="${i === 3 ? 26 : 18}" fill="${i === 3 ? accent : C.surface2}" stroke="${accent}" stroke-width="5"/>`,
        )
        .join('')}`;
    default:
      // A small stack of coins.
      return (
        [0, 1, 2, 3]
          .map(
            (i) =>
              `<ellipse cx="${780 - (i % 2) * 8}" cy="${380 - i * 36}" rx="110" ry="34" fill="${i === 3 ? accent : '#1fae7e'}" stroke="${C.bg}" stroke-width="4"/>`,
          )
          .join('') +
        `<text x="772" y="278" ${DISPLAY} font-size="40" font-weight="800" fill="#062a1e" text-anchor="middle">$</text>`
      );
  }
}

/** One tile: a big title, a line of text and a drawing, in the tile's language. */
export function bentoTile(index, { title, text }) {
  const [w, h] = SIZES[index];
  const accent = ACCENTS[index];
  const wide = w / h > 1.5;
  const big = index === 0;
  const pad = big ? 80 : 64;
  const titleSize = big ? 230 : wide ? 104 : Math.min(150, 1500 / Math.max(title.length, 6));
  const textSize = big ? 46 : wide ? 40 : 64;
  const maxChars = big ? 30 : wide ? 21 : 20;
  const titleY = big ? 290 : wide ? 170 : 230;
  const defs = `${glow('halo', accent, 0.35)}<linearGradient id="title" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${accent}"/></linearGradient>`;
  const body = `
    <rect width="${w}" height="${h}" fill="${C.surface}"/>
    <circle cx="${w * 0.85}" cy="${h * 0.85}" r="${Math.max(w, h) * 0.6}" fill="url(#halo)"/>
    ${decoration(index, w, h, accent)}
    <text x="${pad}" y="${titleY}" ${DISPLAY} font-size="${titleSize}" font-weight="800" letter-spacing="-2" fill="url(#title)">${esc(title)}</text>
    ${textBlock({ x: pad, y: titleY + textSize * 1.9, text, size: textSize, maxChars, weight: 500, fill: C.muted, font: BODY })}`;
  return svg(w, h, body, defs);
}
