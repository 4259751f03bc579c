import { expect, test } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DRACO_FILES, DRACO_SOURCE, DRACO_TARGET } from './copy-draco.mjs';

test.each(DRACO_FILES)('the committed Draco %s matches the installed three.js', async (file) => {
  const [committed, installed] = await Promise.all([
    readFile(path.join(DRACO_TARGET, file)),
    readFile(path.join(DRACO_SOURCE, file)),
  ]);
  expect(committed.equals(installed)).toBe(true);
});
