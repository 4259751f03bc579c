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
