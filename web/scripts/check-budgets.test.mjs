import { expect, test } from 'vitest';
import { entryScripts, staticImports } from './check-budgets.mjs';

test('finds the module entry and modulepreloads of a page', () => {
  const html =
    '<script type="module" crossorigin src="/assets/index-a1.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/ru-b2.js">';
  expect(entryScripts(html)).toEqual(['/assets/index-a1.js', '/assets/ru-b2.js']);
});

test('follows static imports and leaves dynamic imports out', () => {
  const code =
    'import{a as b}from"./react-c3.js";import"./side-d4.js";const x=()=>import("./three-e5.js");';
  expect(staticImports(code)).toEqual(['./react-c3.js', './side-d4.js']);
});
