import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { checkConsentFile, checkboxVersion } from './consent-file.mjs';

const sha = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
const texts = { en: 'Consent', ru: 'Согласие' };
const en = sha(texts.en);
const ru = sha(texts.ru);
const checkbox = (version) =>
  `<form><input type="checkbox" id="contact-consent" name="consent" value="${version}" required=""/></form>`;
const pages = {
  en: { landing: '<form></form>', consent: `<code>${en}</code>` },
  ru: { landing: checkbox(ru), consent: `<code>${ru}</code>` },
};
const file = { required: ['ru'], versions: { en: [en], ru: [ru, 'c'.repeat(64)] } };
const history = { en: [en], ru: [ru] };
const check = (changes) =>
  checkConsentFile({ file, pages, texts, history, historyFile: 'history.json', ...changes });

test("reads the checkbox's value from a page, or null without one", () => {
  expect(checkboxVersion(checkbox(ru))).toBe(ru);
  expect(checkboxVersion('<input name="name" value="Anna">')).toBeNull();
});

test('file, form and consent page agreeing, and the history recorded, is fine', () => {
  expect(check({})).toEqual({ problems: [], warnings: [] });
});

test('a version that is not the hash of its text stops the build', () => {
  expect(check({ texts: { ...texts, ru: 'Согласие.' } }).problems).toEqual([
    expect.stringContaining(`ru: the version ${ru} is not the sha256 of its text`),
  ]);
});

test('a checkbox that sends another version, or none, stops the build', () => {
  const stale = { ...pages, ru: { ...pages.ru, landing: checkbox('d'.repeat(64)) } };
  expect(check({ pages: stale }).problems).toEqual([
    `ru: the form's checkbox sends ${'d'.repeat(64)}, not the version ${ru}`,
  ]);
  const none = { ...pages, ru: { ...pages.ru, landing: '<form></form>' } };
  expect(check({ pages: none }).problems).toEqual([
    `ru: the form's checkbox sends null, not the version ${ru}`,
  ]);
});

test('a checkbox in a locale that does not require consent stops the build', () => {
  const extra = { ...pages, en: { ...pages.en, landing: checkbox(en) } };
  expect(check({ pages: extra }).problems).toEqual([
    'en: the form shows a consent checkbox, yet en is not required',
  ]);
});

test('a consent page without its version stops the build', () => {
  const bare = { ...pages, en: { ...pages.en, consent: '<p>Consent</p>' } };
  expect(check({ pages: bare }).problems).toEqual([
    `en: the consent page does not show its version ${en}`,
  ]);
});

test('an unrecorded version only warns, saying how to record it', () => {
  const { problems, warnings } = check({ history: { en: [en], ru: [] } });
  expect(problems).toEqual([]);
  expect(warnings).toEqual([expect.stringContaining('npm run consent:record')]);
});
