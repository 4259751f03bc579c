// The brand mark shared by the asset scripts: a rounded square in the accent gradient with an M
// drawn as one stroke. Colours follow src/app/tokens.css.
export const COLORS = {
  bg: '#0a0a12',
  surface: '#13131f',
  text: '#f4f4f8',
  muted: '#b0b0c6',
  accent: '#8b6cff',
  accent2: '#2ee6a6',
};

/** The mark as SVG elements in a 32×32 box; `id` keeps gradient ids unique per document. */
export function markSvg(id = 'mark') {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
<stop stop-color="${COLORS.accent}"/><stop offset="1" stop-color="${COLORS.accent2}"/></linearGradient></defs>
<rect width="32" height="32" rx="9" fill="url(#${id})"/>
<path d="M8 22V10l8 7 8-7v12" fill="none" stroke="${COLORS.bg}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** Escapes text for an SVG text node. */
export function xml(text) {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
