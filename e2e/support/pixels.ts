import type { Page } from '@playwright/test';

/**
 * The share (0 to 1) of pixels where two PNG pictures of the same size differ by more than
 * `tolerance` in any channel. The page decodes them with a 2D canvas, which needs no WebGL, so
 * the e2e package needs no image library.
 */
export async function differingShare(
  page: Page,
  a: Buffer,
  b: Buffer,
  tolerance = 40,
): Promise<number> {
  return page.evaluate(
    async ({ a, b, tolerance }) => {
      const decode = async (base64: string) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [x, y] = await Promise.all([decode(a), decode(b)]);
      if (x.width !== y.width || x.height !== y.height)
        throw new Error(`pictures differ in size: ${x.width}x${x.height}, ${y.width}x${y.height}`);
      let differing = 0;
      for (let i = 0; i < x.data.length; i += 4) {
        for (let c = 0; c < 3; c++) {
          if (Math.abs(x.data[i + c]! - y.data[i + c]!) > tolerance) {
            differing += 1;
            break;
          }
        }
      }
      return differing / (x.width * x.height);
    },
    { a: a.toString('base64'), b: b.toString('base64'), tolerance },
  );
}
