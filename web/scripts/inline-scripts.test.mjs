import { expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { inlineScriptSources } from './inline-scripts.mjs';

const source = (code) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;

test('hashes each inline script exactly as written, once', () => {
  const code = 'try{sessionStorage.getItem("x")}catch(e){}';
  const html = `<head><script>${code}</script></head><body><script>${code}</script><script type="module">go()</script></body>`;
  expect(inlineScriptSources(html)).toEqual([source(code), source('go()')]);
});

test('the bytes hashed are UTF-8, spaces and all', () => {
  expect(inlineScriptSources('<script> a("é")\n</script>')).toEqual([source(' a("é")\n')]);
});

test('leaves out scripts with a src and data blocks the policy does not govern', () => {
  const html = [
    '<script type="module" crossorigin src="/assets/index.js"></script>',
    "<script src='/a.js'></script>",
    '<script type="application/ld+json">{"@context":"https://schema.org"}</script>',
    '<script type="speculationrules">{}</script>',
  ].join('');
  expect(inlineScriptSources(html)).toEqual([]);
});

test('a page without scripts has none', () => {
  expect(inlineScriptSources('<!doctype html><p>text</p>')).toEqual([]);
});
