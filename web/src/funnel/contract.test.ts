// @vitest-environment jsdom
// The funnel contract (contract/funnel-beacon.json) read the way the server reads it: its examples
// must say what they claim, each valid one must be what the page builds for its situation, and
// nothing the page can build may be refused.
import contract from '../../../contract/funnel-beacon.json';
import leadSource from '../../../contract/lead-source.json';
import { BEACON_CONTENT_TYPE } from '../lib/beacon';
import { DESKTOP_MIN_WIDTH } from '../lib/constants';
import { funnelBody } from './body';
import { sendUnsent, type PageStep } from './steps';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const FIELDS = ['v', 'locale', 'device', 'steps', 'source'];
const SOURCE_FIELDS = ['utm_source', 'referrer'];

/** The codes a server following the contract would answer for a payload; empty when valid. */
function problems(payload: unknown): string[] {
  if (!isObject(payload)) return ['malformed'];
  const out = Object.keys(payload)
    .filter((key) => !FIELDS.includes(key))
    .map(() => 'unknown_field');
  if (payload.v !== contract.v) out.push('version');
  if (!contract.locales.includes(payload.locale as string)) out.push('locale');
  if (!contract.devices.includes(payload.device as string)) out.push('device');
  const { steps, source } = payload;
  if (!Array.isArray(steps) || steps.length < 1 || steps.length > contract.pageSteps.length) {
    out.push('steps');
  } else {
    if (steps.some((step) => !contract.pageSteps.includes(step as string))) out.push('step');
    if (new Set(steps).size !== steps.length) out.push('duplicate_step');
  }
  // A source failing the lead source's rules is the class `other`, and the beacon stands: only
  // its shape is the beacon's to check.
  if ('source' in payload) {
    if (!isObject(source)) out.push('source');
    else if (Object.keys(source).some((key) => !SOURCE_FIELDS.includes(key))) out.push('source');
  }
  if (new TextEncoder().encode(JSON.stringify(payload)).length > contract.maxBodyBytes) {
    out.push('too_large');
  }
  return out;
}

const widthOf = (device: unknown) => (device === 'desktop' ? DESKTOP_MIN_WIDTH : 390);

test('names the endpoints, the body type sendBeacon sends and a key of its own', () => {
  expect(contract.endpoint).toBe('/api/funnel');
  expect(contract.noscriptEndpoint).toBe('/api/funnel/noscript');
  expect(contract.contentType).toBe(BEACON_CONTENT_TYPE);
  expect(contract.storageKey).not.toBe(leadSource.storageKey);
  expect(contract.devices).toEqual(['mobile', 'desktop']);
});

test.each(contract.examples.valid.map((e) => [e.title, e] as const))('valid: %s', (_title, e) => {
  expect(problems(e.payload)).toEqual([]);
  expect(e.payload.steps).toEqual(e.steps);
});

test.each(contract.examples.valid.map((e) => [e.title, e.payload] as const))(
  'the page builds exactly: %s',
  (_title, payload) => {
    const { locale, device, steps, source } = payload as Json & { steps: PageStep[] };
    // The first touch as stored, with what the beacon leaves out.
    const firstTouch = {
      ...(source as Json | undefined),
      utm_medium: 'cpc',
      landing: '/en',
      locale: 'en',
      at: 1,
    };
    const body = funnelBody(locale as string, widthOf(device), steps, firstTouch);
    expect(JSON.parse(body ?? 'null')).toEqual(payload);
  },
);

test.each(contract.examples.invalid.map((e) => [e.title, e] as const))(
  'invalid (for one reason): %s',
  (_title, e) => {
    expect(problems(e.payload)).toEqual([e.code]);
  },
);

test('the page builds no body the contract refuses, whatever the record and the page say', () => {
  const records = [
    { reached: [], sent: [] },
    { reached: ['sent', 'taken', 'done'], sent: [] },
    { reached: ['cases', 'cases', 'visitor'], sent: [] },
    { reached: [...contract.pageSteps, ...contract.pageSteps], sent: ['docs'] },
    { reached: 'arrived', sent: null },
  ];
  const touches = [
    undefined,
    { locale: 'en', at: 1 },
    { referrer: 'not a host', visitor: 'abc', landing: '/en?id=1', at: 1 },
    { utm_source: 'Google', referrer: 'www.google.com', gclid: true },
  ];
  let built = 0;
  for (const record of records) {
    sessionStorage.setItem(contract.storageKey, JSON.stringify(record));
    sendUnsent((steps) => {
      for (const locale of ['en', 'ru', 'de', '', 'EN']) {
        for (const width of [0, DESKTOP_MIN_WIDTH - 1, DESKTOP_MIN_WIDTH, 5000]) {
          for (const touch of touches) {
            const body = funnelBody(locale, width, steps, touch as never);
            if (body === null) continue;
            built += 1;
            expect(problems(JSON.parse(body))).toEqual([]);
          }
        }
      }
      return false;
    });
  }
  sessionStorage.clear();
  // The loop proves something only if the page built bodies in it: for the two records with a
  // step of the contract, in its two locales, at each width, with each first touch.
  expect(built).toBe(2 * 2 * 4 * 4);
});
