import { DEFAULT_LOCALE } from '../lib/constants';
import { guessLocale, localeFromPath } from './detect';

describe('guessLocale', () => {
  test('a saved user-locale wins over the browser language', () => {
    expect(guessLocale('en', 'ru-RU')).toBe('en');
  });

  test('ignores a saved value that is not a supported locale', () => {
    expect(guessLocale('de', 'en')).toBe('en');
  });

  test('uses the full browser tag when it is supported', () => {
    expect(guessLocale(null, 'ru')).toBe('ru');
    expect(guessLocale(null, 'EN')).toBe('en');
  });

  test('then the browser language without its region', () => {
    expect(guessLocale(null, 'en-GB')).toBe('en');
    expect(guessLocale(null, 'ru-UA')).toBe('ru');
  });

  test('otherwise falls back to ru', () => {
    expect(DEFAULT_LOCALE).toBe('ru');
    expect(guessLocale(null, 'de-DE')).toBe('ru');
    expect(guessLocale(null, undefined)).toBe('ru');
  });
});

test('localeFromPath reads a supported first segment only', () => {
  expect(localeFromPath('/en')).toBe('en');
  expect(localeFromPath('/ru/')).toBe('ru');
  expect(localeFromPath('/de')).toBeNull();
  expect(localeFromPath('/')).toBeNull();
});
