// The page side of contract/lead-source.json: every `capture` case, then the rules one by one.
import contract from '../../../contract/lead-source.json';
import { cleanTag, readSource, referrerHost } from './capture';

const PAGE = 'https://mintline.studio/en';
const read = (query: string, referrer = '') =>
  readSource({ url: `${PAGE}${query}`, referrer, locale: 'en', at: 1 });

test.each(contract.capture.map((c) => [c.title, c] as const))('contract: %s', (_title, c) => {
  expect(readSource({ url: c.url, referrer: c.referrer, locale: c.locale, at: c.at })).toEqual(
    c.source,
  );
});

test('reads every tag the contract names, and the landing path without its query', () => {
  const query = contract.textKeys.map((key) => `${key}=${key}-value`).join('&');
  expect(read(`?${query}#contact`)).toEqual({
    ...Object.fromEntries(contract.textKeys.map((key) => [key, `${key}-value`])),
    landing: '/en',
    locale: 'en',
    at: 1,
  });
});

describe('click ids', () => {
  test('are true when present, never their value', () => {
    const source = read('?gclid=SECRET-G&yclid=SECRET-Y&fbclid=SECRET-F');
    expect(source).toMatchObject({ gclid: true, yclid: true, fbclid: true });
    expect(JSON.stringify(source)).not.toContain('SECRET');
  });

  test('count as present with an empty value or none, as the server reads a query', () => {
    expect(read('?gclid&fbclid=')).toMatchObject({ gclid: true, fbclid: true });
  });

  test('are absent when the URL has none', () => {
    const source = read('?utm_source=x');
    for (const key of contract.clickIds) expect(source).not.toHaveProperty(key);
  });
});

describe('tags', () => {
  test('an empty one is absent, spaces inside one are kept', () => {
    expect(cleanTag(null)).toBeUndefined();
    expect(cleanTag('')).toBeUndefined();
    expect(read('?utm_term=web+studio&utm_source=')).toEqual({
      utm_term: 'web studio',
      landing: '/en',
      locale: 'en',
      at: 1,
    });
  });

  test('are trimmed at both ends, of the spaces and line breaks String.prototype.trim removes', () => {
    expect(read('?utm_source=+Google+&utm_medium=%09cpc%0A')).toMatchObject({
      utm_source: 'Google',
      utm_medium: 'cpc',
    });
    expect(cleanTag('\u00a0\u3000anna\ufeff')).toBe('anna');
    expect(cleanTag(' \n\t ')).toBeUndefined();
  });

  test('are trimmed before the cut, and again after it, when the cut ends on a space', () => {
    const max = contract.maxValueLength;
    expect(cleanTag(`   ${'a'.repeat(max)}`)).toBe('a'.repeat(max));
    expect(cleanTag(`${'a'.repeat(max - 1)} tail`)).toBe('a'.repeat(max - 1));
  });

  test('are checked once cut: a control character past the cut does not count', () => {
    const max = contract.maxValueLength;
    expect(cleanTag(`${'a'.repeat(max)}\u0000`)).toBe('a'.repeat(max));
  });

  test('the first of a repeated key wins, even when it is empty', () => {
    expect(read('?utm_source=telegram&utm_source=google')).toMatchObject({
      utm_source: 'telegram',
    });
    expect(read('?utm_source=&utm_source=google')).not.toHaveProperty('utm_source');
  });

  test('a % without two hex digits stays text, and a good escape beside it is decoded', () => {
    expect(read('?utm_campaign=100%25%zz%')).toMatchObject({ utm_campaign: '100%%zz%' });
  });

  test('one with a control character is left out, at both ends of both ranges', () => {
    for (const c of ['\u0000', '\u001f', '\t', '\n', '\u007f', '\u009f']) {
      expect(cleanTag(`a${c}b`)).toBeUndefined();
    }
    expect(cleanTag('a\u00a0b')).toBe('a\u00a0b');
  });

  test('one with a bidi control is left out', () => {
    const bidi = ['\u061c', '\u200e', '\u200f', '\u202a', '\u202e', '\u2066', '\u2069'];
    for (const c of bidi) expect(cleanTag(`anna${c}`)).toBeUndefined();
  });

  test('one with nothing visible is left out; invisible characters beside visible ones stay', () => {
    expect(cleanTag('   ')).toBeUndefined();
    expect(cleanTag('\u200b\u200b')).toBeUndefined();
    expect(cleanTag('a\u200db')).toBe('a\u200db');
  });

  test('a long one is cut to maxValueLength code points, never inside a surrogate pair', () => {
    const emoji = '😀'.repeat(contract.maxValueLength + 1);
    const cut = cleanTag(emoji);
    expect(Array.from(cut ?? '')).toHaveLength(contract.maxValueLength);
    expect(cut).toBe('😀'.repeat(contract.maxValueLength));
  });

  test('one that would show nothing once cut is left out, since the server would refuse it', () => {
    expect(cleanTag(`${'\u200b'.repeat(contract.maxValueLength)}visible`)).toBeUndefined();
  });
});

describe('the landing path', () => {
  const max = contract.maxValueLength;
  const landOn = (path: string) =>
    readSource({
      url: `https://mintline.studio${path}?utm_source=x`,
      referrer: '',
      locale: 'en',
      at: 1,
    });
  const path = (length: number) => `/${'a'.repeat(length - 1)}`;

  test('is kept up to maxValueLength code points', () => {
    expect(landOn(path(max))).toMatchObject({ landing: path(max) });
  });

  test('a longer one is left out, not cut, and the rest of the source stands', () => {
    expect(landOn(path(max + 1))).toEqual({ utm_source: 'x', locale: 'en', at: 1 });
  });

  test('is counted as the URL gives it, percent-encoded', () => {
    // 17 Cyrillic letters are 103 characters once encoded: 6 each, and the slash.
    expect(landOn(`/${'ф'.repeat(17)}`)).not.toHaveProperty('landing');
    expect(landOn(`/${'ф'.repeat(16)}`)).toMatchObject({ landing: `/${'%D1%84'.repeat(16)}` });
  });
});

describe('the referrer', () => {
  const OWN = 'mintline.studio';

  test('is kept as its host name only: no scheme, port, path, query or fragment', () => {
    expect(referrerHost('https://www.google.com:8443/search?q=private#x', OWN)).toBe(
      'www.google.com',
    );
    expect(referrerHost('HTTPS://VC.RU/Marketing', OWN)).toBe('vc.ru');
    expect(referrerHost('android-app://org.telegram.messenger/', OWN)).toBe(
      'org.telegram.messenger',
    );
  });

  test('an international host is kept in punycode, as the server expects', () => {
    expect(referrerHost('https://пример.рф/', OWN)).toBe('xn--e1afmkfd.xn--p1ai');
  });

  test('is left out when it is this site, missing or unparseable', () => {
    expect(referrerHost('https://mintline.studio/ru', OWN)).toBeUndefined();
    expect(referrerHost('http://mintline.studio:8080/', OWN)).toBeUndefined();
    expect(referrerHost('', OWN)).toBeUndefined();
    expect(referrerHost('not a url', OWN)).toBeUndefined();
    expect(referrerHost('file:///home/anna/page.html', OWN)).toBeUndefined();
  });

  test('is left out when the server would refuse it as a host, so the rest of the source stands', () => {
    expect(referrerHost('http://[::1]:5173/', OWN)).toBeUndefined();
    expect(referrerHost('https://my_host.example.com/', OWN)).toBeUndefined();
    expect(referrerHost(`https://${'a'.repeat(64)}.ru/`, OWN)).toBeUndefined();
    expect(referrerHost('http://127.0.0.1:8080/', OWN)).toBe('127.0.0.1');
  });
});
