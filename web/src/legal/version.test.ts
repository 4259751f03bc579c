import { documentText } from './document';
import { legalDocument } from './documents';
import { consentVersion, VERSION_PATTERN } from './version';

test('is the sha256 of the text in lowercase hex (the FIPS 180-2 examples)', async () => {
  expect(await consentVersion('abc')).toBe(
    'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
  );
  expect(await consentVersion('')).toBe(
    'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  );
});

test('hashes the UTF-8 bytes of a Russian text', async () => {
  // printf 'Согласие' | sha256sum
  expect(await consentVersion('Согласие')).toBe(
    '205f97be66e6a1dfeb5b36a88af24f2d53b7a52405db4692731c76fb7574fe83',
  );
});

test.each(['en', 'ru'] as const)(
  'a changed %s consent text gives a new version',
  async (locale) => {
    const document = legalDocument('consent', locale);
    const version = await consentVersion(documentText(document));
    expect(version).toMatch(VERSION_PATTERN);
    const blocks = [...document.blocks.slice(1), ...document.blocks.slice(0, 1)];
    const changed = { ...document, blocks };
    expect(await consentVersion(documentText(changed))).not.toBe(version);
    const oneCharacter = { ...document, title: `${document.title}.` };
    expect(await consentVersion(documentText(oneCharacter))).not.toBe(version);
  },
);
