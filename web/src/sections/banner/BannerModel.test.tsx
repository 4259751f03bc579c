import { act, render } from '@testing-library/react';
import { BannerModel } from './BannerModel';

const scene = vi.hoisted(() => ({ fail: false, mounted: 0 }));

vi.mock('./BannerScene', () => ({
  default: function FakeScene() {
    if (scene.fail) throw new Error('model.glb: 404');
    scene.mounted += 1;
    return <canvas data-testid="scene" />;
  },
}));

beforeEach(() => {
  scene.fail = false;
  scene.mounted = 0;
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function flushIdle() {
  await act(async () => {
    await vi.runAllTimersAsync();
  });
}

test('mounts the 3D scene only once the page has loaded and is idle', async () => {
  const { container } = render(<BannerModel />);
  expect(container.querySelector('canvas')).toBeNull();
  await flushIdle();
  expect(container.querySelector('canvas')).not.toBeNull();
});

test('keeps a model load error in the console and leaves the banner intact', async () => {
  scene.fail = true;
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  const { container } = render(<BannerModel />);
  await flushIdle();
  expect(error).toHaveBeenCalledWith('3D model failed to load:', expect.any(Error));
  expect(container.querySelector('.banner__model')).not.toBeNull();
  expect(container.querySelector('.banner__model')).toHaveAttribute('aria-hidden', 'true');
});
