// Generates the favicon, the logo used by JSON-LD, and the 1200×630 share image of each locale
// (web/public/favicon.svg, images/logo.png, images/og/og-<locale>.jpg). Run: node scripts/make-brand-assets.mjs
// The outputs are committed; rerun after changing the brand or the locale files' meta texts.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import sharp from 'sharp';
import { COLORS, markSvg, xml } from './brand.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pub = path.join(root, 'public');
const FONT = "Manrope, 'DejaVu Sans', sans-serif";

/** Greedy word wrap by character count (good enough for one known font size). */
function wrap(text, maxChars) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && `${line} ${word}`.length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

function ogSvg(messages) {
  const headline = messages.meta.ogTitle.split(': ').pop();
  const title = headline.charAt(0).toUpperCase() + headline.slice(1);
  const lines = wrap(title, 19);
  const claims = messages.meta.ogClaims;
  const chips = claims
    .map((claim, index) => {
      const width = claim.length * 15 + 56;
      const x = 80 + claims.slice(0, index).reduce((sum, c) => sum + c.length * 15 + 56 + 16, 0);
      return `<g transform="translate(${x} 520)"><rect width="${width}" height="52" rx="26" fill="${COLORS.surface}" stroke="#2a2a3f"/>
<circle cx="26" cy="26" r="6" fill="${index === 0 ? COLORS.accent2 : COLORS.accent}"/>
<text x="42" y="34" font-family="${FONT}" font-size="24" font-weight="600" fill="${COLORS.text}">${xml(claim)}</text></g>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs>
<radialGradient id="glow1" cx="0.85" cy="0.1" r="0.6"><stop stop-color="${COLORS.accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${COLORS.accent}" stop-opacity="0"/></radialGradient>
<radialGradient id="glow2" cx="0.95" cy="0.95" r="0.45"><stop stop-color="${COLORS.accent2}" stop-opacity="0.35"/><stop offset="1" stop-color="${COLORS.accent2}" stop-opacity="0"/></radialGradient>
<pattern id="grid" width="48" height="48" patternUnits="userSpaceOnUse"><path d="M48 0H0V48" fill="none" stroke="#ffffff" stroke-opacity="0.05"/></pattern>
</defs>
<rect width="1200" height="630" fill="${COLORS.bg}"/>
<rect width="1200" height="630" fill="url(#grid)"/>
<rect width="1200" height="630" fill="url(#glow1)"/>
<rect width="1200" height="630" fill="url(#glow2)"/>
<g transform="translate(80 72) scale(2)">${markSvg('og-mark')}</g>
<text x="160" y="118" font-family="${FONT}" font-size="40" font-weight="800" fill="${COLORS.text}">${xml(messages.meta.siteName)}</text>
${lines
  .map(
    (line, index) =>
      `<text x="80" y="${250 + index * 78}" font-family="${FONT}" font-size="64" font-weight="800" letter-spacing="-1" fill="${COLORS.text}">${xml(line)}</text>`,
  )
  .join('\n')}
${chips}
<g transform="translate(1050 120) scale(0.8)" opacity="0.9">
<circle r="120" fill="none" stroke="${COLORS.accent}" stroke-opacity="0.5" stroke-width="2" stroke-dasharray="4 10"/>
<circle r="70" fill="none" stroke="${COLORS.accent2}" stroke-opacity="0.6" stroke-width="2"/>
<circle cx="120" cy="0" r="9" fill="${COLORS.accent2}"/><circle cx="-85" cy="85" r="7" fill="${COLORS.accent}"/><circle cx="30" cy="-116" r="6" fill="${COLORS.text}"/>
</g>
</svg>`;
}

await mkdir(path.join(pub, 'images', 'og'), { recursive: true });
await writeFile(
  path.join(pub, 'favicon.svg'),
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${markSvg('favicon')}</svg>\n`,
);
await sharp(
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 32 32">${markSvg('logo')}</svg>`,
  ),
)
  .png({ compressionLevel: 9, palette: true })
  .toFile(path.join(pub, 'images', 'logo.png'));

for (const locale of ['en', 'ru']) {
  const messages = JSON.parse(
    await readFile(path.join(root, 'src', 'i18n', 'locales', `${locale}.json`), 'utf8'),
  );
  await sharp(Buffer.from(ogSvg(messages)))
    .jpeg({ quality: 86, mozjpeg: true })
    .toFile(path.join(pub, 'images', 'og', `og-${locale}.jpg`));
}
console.log('wrote favicon.svg, images/logo.png, images/og/og-en.jpg, images/og/og-ru.jpg');
