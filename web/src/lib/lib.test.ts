import { DOCS_BASE_URL, docsUrl } from './docs';
import { srcSet } from './images';
import { toLocale } from './locale';

describe('docs URLs', () => {
  test('builds an English page from the base and the slug', () => {
    expect(docsUrl('smart-contracts', 'en', 'https://docs.test')).toBe(
      'https://docs.test/smart-contracts',
    );
  });

  test('adds the /ru prefix for Russian', () => {
    expect(docsUrl('smart-contracts', 'ru', 'https://docs.test/')).toBe(
      'https://docs.test/ru/smart-contracts',
    );
  });

  test('an empty slug opens the docs root in both languages', () => {
    expect(docsUrl('', 'en', 'https://docs.test')).toBe('https://docs.test/');
    expect(docsUrl('', 'ru', 'https://docs.test')).toBe('https://docs.test/ru/');
  });

  test('defaults to the configured base URL', () => {
    expect(docsUrl('defi', 'en')).toBe(`${DOCS_BASE_URL}/defi`);
    expect(DOCS_BASE_URL).toMatch(/^https:\/\/[^/]+.*[^/]$/);
  });

  test('reads region tags as their language', () => {
    expect(toLocale('ru-RU')).toBe('ru');
    expect(toLocale('en-GB')).toBe('en');
    expect(toLocale(undefined)).toBe('en');
  });
});

test('lists both widths of a generated image', () => {
  expect(srcSet('/images/x', 'avif')).toBe('/images/x-480.avif 480w, /images/x-960.avif 960w');
});
