import { expect, test } from 'vitest';
import { recordVersions } from './record-consent.mjs';

const a = 'a'.repeat(64);
const b = 'b'.repeat(64);
const c = 'c'.repeat(64);

test('puts a new version first and keeps every older one', () => {
  expect(recordVersions({ en: [a], ru: [b] }, { en: a, ru: c })).toEqual({
    history: { en: [a], ru: [c, b] },
    changed: [`ru: ${c}`],
  });
});

test('a text changed back to an earlier version moves that version to the front', () => {
  expect(recordVersions({ ru: [c, b] }, { ru: b }).history).toEqual({ ru: [b, c] });
});

test('records nothing when each locale already starts with its current version', () => {
  expect(recordVersions({ en: [a], ru: [b, c] }, { en: a, ru: b }).changed).toEqual([]);
});

test('starts the history of a locale that has none', () => {
  expect(recordVersions({}, { en: a }).history).toEqual({ en: [a] });
});
