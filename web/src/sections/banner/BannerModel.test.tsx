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
  /** The scene's onDrawn, for a test to call when it wants the first frame drawn. */
  drawn: undefined as (() => void) | undefined,
}));

vi.mock('./webgl', () => ({ webglRenderer: () => browser.renderer }));

vi.mock('./loadScene', () => ({
  loadScene: async () => {
    browser.loads += 1;
    if (browser.failLoad) throw new Error('emblem.glb: 404');
    function FakeScene({ software, onDrawn }: { software: boolean; onDrawn?: () => void }) {
      if (browser.failDraw) throw new Error('context lost');
      browser.drawn = onDrawn;
      return <canvas data-testid="scene" data-software={software} />;
    }
    return { Scene: FakeScene, model: {} };
  },
}));

let warn: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  Object.assign(browser, {
    renderer: 'hardware',
    failLoad: false,
    failDraw: false,
    loads: 0,
    drawn: undefined,
  });
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
function modelBox(container: HTMLElement): Element {
  const box = container.querySelector('.banner__model');
  if (!box) throw new Error('no .banner__model');
  return box;
}
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

test('tells the scene a GPU draws it', async () => {
  const { container } = render(<BannerModel />);
  await advance(SCENE_FALLBACK_MS + 10);
  expect(canvas(container)).toHaveAttribute('data-software', 'false');
  expect(still(container)).toBeNull();
  expect(warn).not.toHaveBeenCalled();
});

test('where software would draw it, the still image stands in quietly and the 3D chunk waits', async () => {
  browser.renderer = 'software';
  const { container } = render(<BannerModel />);
  fireEvent.pointerMove(window);
  await advance(SCENE_FALLBACK_MS + 10);
  expect(still(container)).not.toBeNull();
  expect(canvas(container)).toBeNull();
  expect(browser.loads).toBe(0);
  expect(warn).not.toHaveBeenCalled();
});

test('the pointer over the still brings the scene, and the still leaves once it has drawn', async () => {
  browser.renderer = 'software';
  const { container } = render(<BannerModel />);
  await advance(SCENE_FALLBACK_MS + 10);
  const model = modelBox(container);
  fireEvent.pointerEnter(model);
  fireEvent.pointerLeave(model);
  fireEvent.pointerEnter(model);
  await advance(10);
  expect(browser.loads).toBe(1);
  expect(canvas(container)).toHaveAttribute('data-software', 'true');
  // Until its first frame the canvas is empty: the still image stays under it.
  expect(still(container)).not.toBeNull();
  expect(browser.drawn).toBeTypeOf('function');
  act(() => browser.drawn?.());
  expect(still(container)).toBeNull();
  expect(canvas(container)).not.toBeNull();
  expect(warn).not.toHaveBeenCalled();
});

test.each(['pointerMove', 'pointerDown'] as const)(
  'a pointer already over the still when it came wakes the scene on its next %s there',
  async (event) => {
    browser.renderer = 'software';
    const { container } = render(<BannerModel />);
    // The first move, over the emblem's box, starts the wait; the still comes under the pointer.
    fireEvent.pointerMove(modelBox(container));
    await advance(SCENE_FALLBACK_MS + 10);
    expect(still(container)).not.toBeNull();
    expect(browser.loads).toBe(0);
    fireEvent[event](modelBox(container));
    await advance(10);
    expect(browser.loads).toBe(1);
    expect(canvas(container)).toHaveAttribute('data-software', 'true');
  },
);

test('where software would draw it and the chunk then fails, the still stays with one notice', async () => {
  browser.renderer = 'software';
  browser.failLoad = true;
  const { container } = render(<BannerModel />);
  await advance(SCENE_FALLBACK_MS + 10);
  fireEvent.pointerEnter(modelBox(container));
  await advance(10);
  expect(still(container)).not.toBeNull();
  expect(canvas(container)).toBeNull();
  expect(warn.mock.calls).toEqual([[FAILED_NOTICE, expect.any(Error)]]);
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
