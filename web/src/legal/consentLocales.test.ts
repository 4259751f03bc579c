import { DEFAULT_CONSENT_LOCALES, parseConsentLocales } from './consentLocales';

test('unset or empty asks the Russian visitors only', () => {
  expect(DEFAULT_CONSENT_LOCALES).toEqual(['ru']);
  expect(parseConsentLocales(undefined)).toEqual(['ru']);
  expect(parseConsentLocales('')).toEqual(['ru']);
  expect(parseConsentLocales('  ')).toEqual(['ru']);
});

test.each([
  ['ru', ['ru']],
  ['en', ['en']],
  ['ru,en', ['en', 'ru']],
  [' en , ru ', ['en', 'ru']],
  ['ru,ru', ['ru']],
  ['none', []],
])('%j asks %j', (raw, locales) => {
  expect(parseConsentLocales(raw)).toEqual(locales);
});

test.each(['de', 'RU', 'ru,', 'ru;en', 'ru,none', 'all'])('%j fails with the reason', (raw) => {
  expect(() => parseConsentLocales(raw)).toThrow(/VITE_CONSENT_LOCALES must be a comma-separated/);
  expect(() => parseConsentLocales(raw)).toThrow(JSON.stringify(raw));
});
