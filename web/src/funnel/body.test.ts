import { maxBodyBytes } from '../../../contract/funnel-beacon.json';
import { maxValueLength } from '../../../contract/lead-source.json';
import { DESKTOP_MIN_WIDTH } from '../lib/constants';
import { readSource } from '../source/capture';
import { funnelBody } from './body';

const parsed = (body: string | null) => JSON.parse(body ?? 'null') as Record<string, unknown>;

test('is exactly v, locale, device and steps for a visit without a source', () => {
  expect(parsed(funnelBody('en', 390, ['arrived']))).toEqual({
    v: 1,
    locale: 'en',
    device: 'mobile',
    steps: ['arrived'],
  });
});

test('is mobile below DESKTOP_MIN_WIDTH and desktop from it on', () => {
  expect(parsed(funnelBody('ru', DESKTOP_MIN_WIDTH - 1, ['form'])).device).toBe('mobile');
  expect(parsed(funnelBody('ru', DESKTOP_MIN_WIDTH, ['form'])).device).toBe('desktop');
});

test("carries only the first touch's utm_source and referrer, leaving out what is absent", () => {
  const firstTouch = {
    utm_source: 'telegram',
    utm_medium: 'post',
    utm_campaign: 'launch',
    gclid: true as const,
    referrer: 't.me',
    landing: '/en',
    locale: 'en',
    at: 1000,
  };
  expect(parsed(funnelBody('en', 390, ['arrived'], firstTouch)).source).toEqual({
    utm_source: 'telegram',
    referrer: 't.me',
  });
  const untagged = { ...firstTouch, utm_source: undefined };
  expect(parsed(funnelBody('en', 390, ['arrived'], untagged)).source).toEqual({
    referrer: 't.me',
  });
});

test('leaves source out when the first touch has neither, or there is none', () => {
  const direct = { landing: '/en', locale: 'en', at: 1000 };
  expect(parsed(funnelBody('en', 390, ['arrived'], direct))).not.toHaveProperty('source');
  expect(parsed(funnelBody('en', 390, ['arrived'], undefined))).not.toHaveProperty('source');
});

test('leaves out a stored field that is not text', () => {
  const odd = { utm_source: 5, referrer: 't.me' } as unknown as { referrer: string };
  expect(parsed(funnelBody('en', 390, ['arrived'], odd)).source).toEqual({ referrer: 't.me' });
});

test('is nothing for a locale the site does not have, or without steps', () => {
  expect(funnelBody('de', 390, ['arrived'])).toBeNull();
  expect(funnelBody('', 390, ['arrived'])).toBeNull();
  expect(funnelBody('en', 390, [])).toBeNull();
});

test('is nothing when over maxBodyBytes, counted in UTF-8', () => {
  // 3 bytes each in UTF-8, one unit in UTF-16: a check of the string's length would pass it.
  const wide = '字'.repeat(Math.ceil(maxBodyBytes / 3));
  expect(funnelBody('ru', 390, ['arrived'], { utm_source: wide })).toBeNull();
  // The widest source a first touch can hold: its longest tag (maxValueLength code points, each
  // 4 bytes in UTF-8) and the longest host, with every step.
  const host = `${'a'.repeat(63)}.`.repeat(3) + 'a'.repeat(61);
  const widest = readSource({
    url: `https://mintline.studio/ru?utm_source=${encodeURIComponent('😀'.repeat(maxValueLength + 50))}`,
    referrer: `https://${host}/`,
    locale: 'ru',
    at: 0,
  });
  expect([...(widest.utm_source ?? '')]).toHaveLength(maxValueLength);
  expect(widest.referrer).toBe(host);
  const body = funnelBody('ru', 390, ['arrived', 'cases', 'docs', 'form'], widest);
  expect(body).not.toBeNull();
  expect(new TextEncoder().encode(body ?? '').length).toBeLessThanOrEqual(maxBodyBytes);
});
