import { expect, test } from 'vitest';
import { stillKey } from './still-key.mjs';

const bytes = (text) => Buffer.from(text);

test('the same inputs give the same short key', () => {
  const inputs = [['a.glb', bytes('model')]];
  expect(stillKey(inputs)).toBe(stillKey([['a.glb', bytes('model')]]));
  expect(stillKey(inputs)).toMatch(/^[0-9a-f]{12}$/);
});

test('a changed byte, file name or split between files changes the key', () => {
  const key = stillKey([
    ['a', bytes('xy')],
    ['b', bytes('z')],
  ]);
  expect(
    stillKey([
      ['a', bytes('xy')],
      ['b', bytes('Z')],
    ]),
  ).not.toBe(key);
  expect(
    stillKey([
      ['a', bytes('xy')],
      ['c', bytes('z')],
    ]),
  ).not.toBe(key);
  expect(
    stillKey([
      ['a', bytes('x')],
      ['b', bytes('yz')],
    ]),
  ).not.toBe(key);
});
