// Which of the cut font faces (scripts/fonts.mjs) a prerendered page preloads: the faces its own
// text is drawn with, so the first paint is in the brand fonts without waiting for the style
// sheet to ask for them, and a /en visitor fetches no Cyrillic.

/**
 * Scripts worth a preload. Latin Extended holds only signs the copy rarely uses (the rouble
 * sign); a page that shows one fetches its face when it is drawn rather than before the first
 * paint.
 */
export const PRELOADED_SCRIPTS = ['latin', 'cyrillic'];

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The text a page shows: its body without scripts, styles and tags, entities decoded. */
export function visibleText(html) {
  const body = html.replace(/^[\s\S]*?<body\b[^>]*>/i, '');
  return body
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
      const hex = name[1] === 'x' || name[1] === 'X';
      return String.fromCodePoint(parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10));
    });
}

/**
 * The faces (faces.json entries) a page with this text draws, of the preloaded scripts. Capitals
 * count too: CSS sets some labels in capitals the text does not have.
 */
export function facesForText(faces, text) {
  const points = new Set();
  for (const char of text + text.toUpperCase()) points.add(char.codePointAt(0));
  return faces.filter(
    (face) =>
      PRELOADED_SCRIPTS.includes(face.script) && face.points.some((point) => points.has(point)),
  );
}

/** The preload tags of a page's faces, from each face's built file in the Vite manifest. */
export function fontPreloadTags(faces, manifest, faceDir) {
  return faces
    .map((face) => {
      const asset = manifest[`${faceDir}/${face.file}`];
      // A face the style sheet does not use has no asset: preloading it would fetch it twice.
      if (!asset) throw new Error(`the build has no ${faceDir}/${face.file}`);
      return `\n    <link rel="preload" as="font" type="font/woff2" href="/${asset.file}" crossorigin>`;
    })
    .join('');
}
