import { expect } from '@playwright/test';
import { NO_WEBGL_NOTICE } from '../../web/src/sections/banner/notices';
import type { Tab } from '../engines/tab';
import { until } from '../support/wait';

/** The emblem's box holds a visible `what` (canvas, img); sent to the page as source. */
const shown = (what: string) =>
  !!document.querySelector(`.banner__model ${what}`)?.checkVisibility();

/**
 * The banner's emblem appears once the visitor has interacted: the live 3D canvas where the
 * browser has WebGL, else the build-time still image, loaded, with one console notice. Where
 * software draws WebGL (every engine on this machine), the still stands in until the pointer
 * comes over it, then the scene takes its place. Returns which one showed in the end.
 */
export async function emblemShows(tab: Tab): Promise<'canvas' | 'still'> {
  const webgl = await tab.evaluate(() => {
    const canvas = document.createElement('canvas');
    return !!(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  }, null);
  await tab.hover('#banner-title');
  if (webgl) {
    await until(tab, shown, ':is(canvas, img)', true, 'the emblem or its still', 15_000);
    if (!(await tab.evaluate(shown, 'canvas'))) await tab.hover('.banner__model');
    await until(
      tab,
      () =>
        !!document.querySelector('.banner__model canvas')?.checkVisibility() &&
        !document.querySelector('.banner__model img'),
      null,
      true,
      'the live emblem, and the still gone once it has drawn',
      15_000,
    );
    return 'canvas';
  }
  await until(
    tab,
    () => {
      const still = document.querySelector<HTMLImageElement>('.banner__model img');
      return !!still?.complete && still.naturalWidth > 0 && still.checkVisibility();
    },
    null,
    true,
    'the still image of the emblem',
    15_000,
  );
  expect(tab.warnings().filter((text) => text.includes(NO_WEBGL_NOTICE))).toHaveLength(1);
  return 'still';
}
