import history from './consent-history.json';
import { consentFile, consentText, currentConsentVersions, HISTORY_FILE } from './versions';
import { consentVersion } from './version';

const a = 'a'.repeat(64);
const b = 'b'.repeat(64);
const c = 'c'.repeat(64);

test('the current version of each locale is the hash of its consent text', async () => {
  const current = await currentConsentVersions();
  for (const locale of ['en', 'ru'] as const) {
    expect(current[locale]).toBe(await consentVersion(consentText(locale)));
  }
  expect(current.en).not.toBe(current.ru);
});

test.each(['en', 'ru'] as const)(
  `the current %s version is recorded first in ${HISTORY_FILE}`,
  async (locale) => {
    const current = (await currentConsentVersions())[locale];
    const recorded: string[] = history[locale];
    expect(
      recorded[0],
      `The ${locale} consent text (or the operator file) changed: its version is now ${current}. ` +
        `Run \`npm run consent:record\` in web/ and commit ${HISTORY_FILE} with the change, so ` +
        `the server keeps accepting the versions visitors ticked before.`,
    ).toBe(current);
  },
);

test('.consent.json lists the required locales and each current version before the older ones', () => {
  expect(consentFile(['ru'], { en: a, ru: b }, { en: [a], ru: [c, b] })).toEqual({
    required: ['ru'],
    versions: { en: [a], ru: [b, c] },
  });
});

test('a locale with no history yet still lists its current version', () => {
  expect(consentFile([], { en: a, ru: b }, {})).toEqual({
    required: [],
    versions: { en: [a], ru: [b] },
  });
});

test('a history entry that is no sha256 fails the build', () => {
  expect(() => consentFile(['ru'], { en: a, ru: b }, { ru: ['B'.repeat(64)] })).toThrow(
    `${HISTORY_FILE}: "${'B'.repeat(64)}" in ru is not a sha256`,
  );
});
