import { DEFAULT_SAMPLE_RATE, parseSampleRate } from './sampleRate';

test('an unset or empty rate measures every page load', () => {
  expect(DEFAULT_SAMPLE_RATE).toBe(1);
  expect(parseSampleRate(undefined)).toBe(1);
  expect(parseSampleRate('')).toBe(1);
  expect(parseSampleRate('  ')).toBe(1);
});

test.each([
  ['0', 0],
  ['1', 1],
  ['0.25', 0.25],
  ['.5', 0.5],
  [' 0.1 ', 0.1],
  ['1.0', 1],
])('%j is a rate of %d', (raw, rate) => {
  expect(parseSampleRate(raw)).toBe(rate);
});

test.each(['1.5', '-0.1', 'abc', '50%', '1e-1', '0x1', 'Infinity', 'NaN', '0.5.1'])(
  '%j fails with the reason',
  (raw) => {
    expect(() => parseSampleRate(raw)).toThrow(/VITE_RUM_SAMPLE_RATE must be a number from 0 to 1/);
    expect(() => parseSampleRate(raw)).toThrow(JSON.stringify(raw));
  },
);
