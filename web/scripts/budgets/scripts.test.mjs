import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import {
  dynamicImports,
  entryScripts,
  isWebVitalsCode,
  messagesLocale,
  staticImports,
} from './scripts.mjs';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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

test('finds the dynamic imports of a start-up script, in any quotes', () => {
  const code =
    'import"./shared-a1.js";x(()=>import(`./start-b2C3d4E5.js`),[]);' +
    'y(()=>import(\'./ru-f6G7h8I9.js\'));z(()=>import("./measure-j0.js"));import(url);';
  expect(dynamicImports(code)).toEqual([
    './start-b2C3d4E5.js',
    './ru-f6G7h8I9.js',
    './measure-j0.js',
  ]);
});

test("tells a locale's message chunk from any other chunk", () => {
  const locales = ['en', 'ru'];
  expect(messagesLocale('/assets/ru-DqGIT9DV.js', locales)).toBe('ru');
  expect(messagesLocale('/assets/en-a1_b-C3d.js', locales)).toBe('en');
  expect(messagesLocale('/assets/start-CS3QmItt.js', locales)).toBeNull();
  expect(messagesLocale('/assets/run-DqGIT9DV.js', locales)).toBeNull();
});

test("recognises web-vitals' code, and not a starter that only imports it lazily", async () => {
  // The file web-vitals/attribution resolves to in the browser build.
  const library = 'node_modules/web-vitals/dist/web-vitals.attribution.js';
  expect(isWebVitalsCode(await readFile(path.join(web, library), 'utf8'))).toBe(true);
  const starter = 'n()||a()<r&&i(()=>{import("./measure-a1.js").then(({measure:e})=>e(t))})';
  expect(isWebVitalsCode(starter)).toBe(false);
});
