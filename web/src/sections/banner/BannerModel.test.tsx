import { act, fireEvent, render } from '@testing-library/react';
import { SCENE_FALLBACK_MS } from '../../lib/scene';
import { BannerModel } from './BannerModel';

const scene = vi.hoisted(() => ({ fail: false }));

vi.mock('./loadScene', () => ({
  loadScene: async () => {
    if (scene.fail) throw new Error('model.glb: 404');
    return { Scene: () => <canvas data-testid="scene" />, model: {} };
  },
}));

beforeEach(() => {
  scene.fail = false;
  vi.useFakeTimers();
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

test('keeps a model load error in the console and leaves the banner intact', async () => {
  scene.fail = true;
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  const { container } = render(<BannerModel />);
  await advance(SCENE_FALLBACK_MS + 10);
  expect(error).toHaveBeenCalledWith('3D model failed to load:', expect.any(Error));
  expect(container.querySelector('.banner__model')).toHaveAttribute('aria-hidden', 'true');
});
