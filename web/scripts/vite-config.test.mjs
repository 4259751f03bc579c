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

test('gives the page the consent version of each locale in VITE_CONSENT_LOCALES, ru when unset', () => {
  const consent = () => JSON.parse(resolve().define.__CONSENT__);
  vi.stubEnv('VITE_CONSENT_LOCALES', '');
  expect(Object.keys(consent())).toEqual(['ru']);
  expect(consent().ru).toMatch(/^[0-9a-f]{64}$/);
  vi.stubEnv('VITE_CONSENT_LOCALES', 'ru,en');
  expect(Object.keys(consent())).toEqual(['en', 'ru']);
  expect(consent().en).not.toBe(consent().ru);
  vi.stubEnv('VITE_CONSENT_LOCALES', 'none');
  expect(consent()).toEqual({});
});

test('fails the build on a consent locale the site does not have', () => {
  vi.stubEnv('VITE_CONSENT_LOCALES', 'ru,de');
  expect(resolve).toThrow('VITE_CONSENT_LOCALES must be a comma-separated list of en, ru');
});
