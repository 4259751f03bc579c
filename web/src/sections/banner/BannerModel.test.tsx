// @vitest-environment jsdom
import { act, fireEvent, render } from '@testing-library/react';
import { SCENE_FALLBACK_MS } from './scene';
import { stillFor, stillUrl } from './still';
import { BannerModel } from './BannerModel';
import { FAILED_NOTICE, NO_WEBGL_NOTICE } from './notices';

const browser = vi.hoisted(() => ({
  renderer: 'hardware' as 'none' | 'software' | 'hardware',
  failLoad: false,
  failDraw: false,
  loads: 0,
}));

vi.mock('./webgl', () => ({ webglRenderer: () => browser.renderer }));

vi.mock('./loadScene', () => ({
  loadScene: async () => {
    browser.loads += 1;
    if (browser.failLoad) throw new Error('emblem.glb: 404');
    function FakeScene({ software }: { software: boolean }) {
      if (browser.failDraw) throw new Error('context lost');
      return <canvas data-testid="scene" data-software={software} />;
    }
    return { Scene: FakeScene, model: {} };
  },
}));

let warn: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  Object.assign(browser, { renderer: 'hardware', failLoad: false, failDraw: false, loads: 0 });
  vi.useFakeTimers();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  error = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Lets timers run `ms` forward and the lazy chunk's promise settle. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const canvas = (container: HTMLElement) => container.querySelector('canvas');
const still = (container: HTMLElement) => container.querySelector('.banner__model img');

test('without interaction, mounts the 3D scene only after the fallback delay', async () => {
  const { container } = render(<BannerModel />);
  await advance(SCENE_FALLBACK_MS - 1);
  expect(canvas(container)).toBeNull();
  await advance(10);
  expect(canvas(container)).not.toBeNull();
});

test('the first interaction after load starts the 3D scene at once', async () => {
  const { container } = render(<BannerModel />);
  await advance(100);
  expect(canvas(container)).toBeNull();
  fireEvent.pointerMove(window);
  await advance(10);
  expect(canvas(container)).not.toBeNull();
});

test('with WebGL, shows the scene and no still image, quietly', async () => {
  const { container } = render(<BannerModel />);
  await advance(SCENE_FALLBACK_MS + 10);
  expect(canvas(container)).not.toBeNull();
  expect(still(container)).toBeNull();
  expect(warn).not.toHaveBeenCalled();
  expect(error).not.toHaveBeenCalled();
});

test.each([
  ['hardware', 'false'],
  ['software', 'true'],
] as const)('tells the scene whether a %s renderer draws it', async (renderer, software) => {
  browser.renderer = renderer;
  const { container } = render(<BannerModel />);
  await advance(SCENE_FALLBACK_MS + 10);
  expect(canvas(container)).toHaveAttribute('data-software', software);
  expect(still(container)).toBeNull();
  expect(warn).not.toHaveBeenCalled();
});

test('without WebGL, shows the still image with one notice and never fetches the 3D chunk', async () => {
  browser.renderer = 'none';
  const { container } = render(<BannerModel />);
  await advance(SCENE_FALLBACK_MS - 1);
  expect(still(container)).toBeNull();
  await advance(10);

  const { still: expected, scale } = stillFor(window.innerWidth);
  const img = still(container);
  expect(img).toHaveAttribute('alt', '');
  expect(img).toHaveAttribute('src', stillUrl(expected, 1));
  expect(img).toHaveAttribute('srcset', `${stillUrl(expected, 1)} 1x, ${stillUrl(expected, 2)} 2x`);
  expect(img).toHaveAttribute('width', String(expected.size));
  expect(img).toHaveAttribute('height', String(expected.size));
  expect(img).toHaveAttribute('decoding', 'async');
  expect(img).toHaveStyle({ scale: String(scale) });
  expect(canvas(container)).toBeNull();
  expect(browser.loads).toBe(0);
  expect(warn.mock.calls).toEqual([[NO_WEBGL_NOTICE]]);
  expect(error).not.toHaveBeenCalled();
});

test('when the 3D chunk or the model fails to load, shows the still image with one notice', async () => {
  browser.failLoad = true;
  const { container } = render(<BannerModel />);
  await advance(SCENE_FALLBACK_MS + 10);
  expect(still(container)).not.toBeNull();
  expect(canvas(container)).toBeNull();
  expect(warn.mock.calls).toEqual([[FAILED_NOTICE, expect.any(Error)]]);
  expect(error).not.toHaveBeenCalled();
  expect(container.querySelector('.banner__model')).toHaveAttribute('aria-hidden', 'true');
});

test('when the scene fails while drawing, the still image takes its place', async () => {
  browser.failDraw = true;
  const { container } = render(<BannerModel />);
  await advance(SCENE_FALLBACK_MS + 10);
  expect(still(container)).not.toBeNull();
  expect(canvas(container)).toBeNull();
  expect(warn).toHaveBeenCalledOnce();
  expect(warn).toHaveBeenCalledWith(FAILED_NOTICE, expect.any(Error));
});
