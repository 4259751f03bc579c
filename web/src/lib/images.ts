/** Widths every generated raster exists in (scripts/generate-images.mjs writes both). */
export const IMAGE_WIDTHS = [480, 960] as const;

/** `srcset` for one generated image: `<base>-<width>.<format>` for each width. */
export function srcSet(base: string, format: 'avif' | 'webp'): string {
  return IMAGE_WIDTHS.map((w) => `${base}-${w}.${format} ${w}w`).join(', ');
}
