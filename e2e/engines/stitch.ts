import { writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';

/**
 * A whole-page picture from window-sized ones, for an engine whose driver only captures the
 * window (WebDriver's screenshots stop at the viewport, in WebKit even for the <html> element).
 * `capture(y)` scrolls to y and returns the window's PNG and the scroll position reached (the
 * last one stops short at the bottom); the tiles are laid over each other at those positions.
 */
export async function stitchScreenshots(
  file: string,
  pageHeight: number,
  windowHeight: number,
  capture: (y: number) => Promise<{ png: Buffer; scrollY: number }>,
): Promise<void> {
  let page: PNG | undefined;
  for (let y = 0; y < pageHeight; y += windowHeight) {
    const { png, scrollY } = await capture(y);
    const tile = PNG.sync.read(png);
    // A window screenshot can be in device pixels; scale positions by the same factor.
    const scale = tile.height / windowHeight;
    page ??= new PNG({ width: tile.width, height: Math.round(pageHeight * scale) });
    const top = Math.round(scrollY * scale);
    const rows = Math.min(tile.height, page.height - top);
    PNG.bitblt(tile, page, 0, 0, Math.min(tile.width, page.width), rows, 0, top);
  }
  if (page) writeFileSync(file, PNG.sync.write(page));
}
