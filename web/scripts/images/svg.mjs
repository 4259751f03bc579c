// Small SVG helpers shared by the picture generators.

export const C = {
  bg: '#0a0a12',
  surface: '#13131f',
  surface2: '#1b1b2b',
  border: '#2a2a3f',
  text: '#f4f4f8',
  muted: '#b0b0c6',
  violet: '#8b6cff',
  violetDeep: '#6a45ff',
  mint: '#2ee6a6',
  amber: '#ffd166',
  pink: '#ff7ab6',
  sky: '#5cc8ff',
};

export const DISPLAY = 'font-family="\'Inter Display\', Inter, sans-serif"';
export const BODY = 'font-family="Inter, \'Inter Display\', sans-serif"';

export function esc(text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Greedy word wrap by an estimated line length in characters. */
export function wrap(text, maxChars) {
  const lines = [];
  let line = '';
  for (const word of String(text).split(/\s+/)) {
    if (line && (line + ' ' + word).length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A block of wrapped text as one <text> with a <tspan> per line. */
export function textBlock({
  x,
  y,
  text,
  size,
  maxChars,
  weight = 500,
  fill = C.text,
  lh = 1.3,
  font = BODY,
  anchor = 'start',
}) {
  const lines = wrap(text, maxChars);
  const spans = lines
    .map((l, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : size * lh}">${esc(l)}</tspan>`)
    .join('');
  return `<text x="${x}" y="${y}" ${font} font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${spans}</text>`;
}

export function svg(width, height, body, defs = '') {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

/** Rounded placeholder bars standing in for lines of UI text. */
export function bars(x, y, widths, { h = 12, gap = 14, fill = C.border, r = 6 } = {}) {
  return widths
    .map(
      (w, i) =>
        `<rect x="${x}" y="${y + i * (h + gap)}" width="${w}" height="${h}" rx="${r}" fill="${fill}"/>`,
    )
    .join('');
}

export function glow(id, color, opacity = 0.5) {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}
