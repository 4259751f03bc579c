// @vitest-environment node
// vite.config.ts finds its folder from import.meta.url, which is a file URL only under Node.
import { afterEach, expect, test, vi } from 'vitest';
import viteConfig from '../vite.config.ts';

const resolve = () => viteConfig({ mode: 'production', command: 'build' });

afterEach(() => vi.unstubAllEnvs());

test('writes the checked VITE_RUM_SAMPLE_RATE into the bundle, 1 when unset', () => {
  vi.stubEnv('VITE_RUM_SAMPLE_RATE', '0.25');
  expect(resolve().define).toMatchObject({ __RUM_SAMPLE_RATE__: '0.25' });
  vi.stubEnv('VITE_RUM_SAMPLE_RATE', '');
  expect(resolve().define).toMatchObject({ __RUM_SAMPLE_RATE__: '1' });
});

test('fails the build on a sample rate that is not a number from 0 to 1', () => {
  vi.stubEnv('VITE_RUM_SAMPLE_RATE', '10%');
  expect(resolve).toThrow('VITE_RUM_SAMPLE_RATE must be a number from 0 to 1');
});
