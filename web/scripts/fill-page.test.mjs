import { expect, test } from 'vitest';
import { fillPage } from './fill-page.mjs';

const template =
  '<!doctype html>\n<html lang="en">\n  <head><!--app-head--></head>\n' +
  '  <body><div id="root"><!--app-html--></div></body>\n</html>\n';
const parts = { head: '<title>T</title>', html: '<main>M</main>' };

test('a landing page carries its locale and the class that locks it while the preloader shows', () => {
  const page = fillPage(template, 'ru', parts, 'preloading');
  expect(page).toContain('<html lang="ru" class="preloading">');
  expect(page).toContain('<head><title>T</title></head>');
  expect(page).toContain('<div id="root"><main>M</main></div>');
});

test('a service page gets its locale and no class', () => {
  expect(fillPage(template, 'en', parts)).toContain('<html lang="en">\n');
});

test('rendered text is put in as written, even where it looks like a replacement pattern', () => {
  const page = fillPage(template, 'en', { head: '', html: "<p>$& and $' cost $1</p>" });
  expect(page).toContain("<p>$& and $' cost $1</p>");
});

test('a template without the expected <html> tag fails instead of shipping an unlocked page', () => {
  const changed = template.replace('<html lang="en">', '<html lang="en" dir="ltr">');
  expect(() => fillPage(changed, 'ru', parts, 'preloading')).toThrow('<html lang="en">');
});
