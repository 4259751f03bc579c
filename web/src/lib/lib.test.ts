import {
  contactUrl,
  DOCS_BASE_URL,
  DOCS_ELSEWHERE,
  DOCS_LINK_TARGET,
  docsUrl,
  topicMessage,
} from './docs';
import { srcSet } from './images';
import { toLocale } from './locale';

describe('docs URLs', () => {
  test("this site's docs: the locale leads, then the section, the part and the anchor", () => {
    expect(docsUrl('cases/aurelia', 'en')).toBe('/en/docs/cases/aurelia');
    expect(docsUrl('services/web3#defi', 'ru')).toBe('/ru/docs/services/web3#defi');
  });

  test('an empty target, or a bare anchor, opens the docs index', () => {
    expect(docsUrl('', 'en')).toBe('/en/docs/');
    expect(docsUrl('#cases', 'ru')).toBe('/ru/docs/#cases');
  });

  test('docs kept elsewhere keep their scheme: /ru for Russian readers, then the target', () => {
    expect(docsUrl('services/web3#defi', 'en', 'https://docs.test/')).toBe(
      'https://docs.test/services/web3#defi',
    );
    expect(docsUrl('cases/aurelia', 'ru', 'https://docs.test')).toBe(
      'https://docs.test/ru/cases/aurelia',
    );
    expect(docsUrl('', 'ru', 'https://docs.test')).toBe('https://docs.test/ru/');
  });

  test('by default the docs are this site, opened in the same tab', () => {
    expect(DOCS_BASE_URL).toBe('');
    expect(DOCS_ELSEWHERE).toBe(false);
    expect(DOCS_LINK_TARGET).toEqual({});
  });

  test("a docs page's call to action starts the form's message with its topic", () => {
    expect(contactUrl('en', 'Aurelia Estates')).toBe('/en?about=Aurelia%20Estates#contact');
    expect(topicMessage('en', 'Aurelia Estates')).toBe('About: Aurelia Estates — ');
    expect(topicMessage('ru', '  Web3\n ')).toBe('Тема: Web3 — ');
    expect(topicMessage('en', '   ')).toBe('');
    // The parameter is in a link anyone can write: a long one is cut.
    expect(topicMessage('en', 'x'.repeat(500))).toBe(`About: ${'x'.repeat(80)} — `);
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
