/** The six bento tiles: shape in the grid and the generated image's size (scripts/generate-images.mjs). */
export interface BentoTile {
  shape: 'big' | 'wide' | 'square';
  width: number;
  height: number;
  sizes: string;
}

const BIG = {
  width: 960,
  height: 960,
  sizes: '(min-width: 1280px) 620px, (min-width: 720px) 50vw, 100vw',
};
const WIDE = {
  width: 960,
  height: 480,
  sizes: '(min-width: 1280px) 620px, (min-width: 720px) 50vw, 100vw',
};
const SQUARE = {
  width: 480,
  height: 480,
  sizes: '(min-width: 1280px) 300px, (min-width: 720px) 25vw, 50vw',
};

export const BENTO_TILES: readonly BentoTile[] = [
  { shape: 'big', ...BIG },
  { shape: 'wide', ...WIDE },
  { shape: 'square', ...SQUARE },
  { shape: 'square', ...SQUARE },
  { shape: 'wide', ...WIDE },
  { shape: 'wide', ...WIDE },
];

/** Image base path of tile `index` (0-based) in a language: text in the picture is localized. */
export function bentoImageBase(locale: string, index: number): string {
  return `/images/bento/${locale}/bento-${index + 1}`;
}
