import { expect, test } from 'vitest';
import { unusedBytes } from './js-coverage.mjs';

const fn = (startOffset, endOffset, count) => ({ ranges: [{ startOffset, endOffset, count }] });
const unused = (length, functions) => unusedBytes('x'.repeat(length), functions).unused;

test('counts the bytes of functions that never ran, a nested function overriding its parent', () => {
  // The script (0-100) ran; a function in it (10-60) did not, but one inside that (20-30) did.
  const functions = [fn(0, 100, 1), fn(10, 60, 0), fn(20, 30, 1), fn(70, 80, 0)];
  expect(unused(100, functions)).toBe(40 + 10);
});

test('the order V8 lists the functions in does not matter', () => {
  const functions = [fn(20, 30, 1), fn(70, 80, 0), fn(10, 60, 0), fn(0, 100, 1)];
  expect(unused(100, functions)).toBe(50);
});

test('a script that never ran is unused whole; one that ran with no function calls is used whole', () => {
  expect(unused(64, [fn(0, 64, 0)])).toBe(64);
  expect(unused(64, [fn(0, 64, 1), fn(8, 16, 0)])).toBe(8);
  expect(unused(64, [fn(0, 64, 1)])).toBe(0);
});

test('only the first range of a function counts (the rest are blocks, for detailed coverage)', () => {
  const functions = [
    fn(0, 50, 1),
    {
      ranges: [
        { startOffset: 10, endOffset: 40, count: 1 },
        { startOffset: 20, endOffset: 30, count: 0 },
      ],
    },
  ];
  expect(unused(50, functions)).toBe(0);
});

test('counts UTF-8 bytes as served, while V8 counts offsets in UTF-16 code units', () => {
  // "ы" is one code unit and two bytes, "€" one and three, "😀" two and four.
  const text = 'a(){ы€😀}b';
  // The function at 1-8, everything but the first and last character, never ran.
  expect(unusedBytes(text, [fn(0, 10, 1), fn(1, 9, 0)])).toEqual({
    bytes: 1 + 3 + 2 + 3 + 4 + 1 + 1,
    unused: 3 + 2 + 3 + 4 + 1,
  });
  expect(unusedBytes(text, [fn(0, 10, 1)]).bytes).toBe(Buffer.byteLength(text));
});
