// @vitest-environment jsdom
// The funnel without JavaScript: index.html's <noscript> image, which the browser fetches only
// when scripts are off, so a visit is counted by it or by the beacon, never both. Its <picture>
// classes the device by width as the beacon does.
import { readFileSync } from 'node:fs';
import { devices, noscriptEndpoint } from '../../../contract/funnel-beacon.json';
import { DESKTOP_MIN_WIDTH } from '../lib/constants';

const template = readFileSync('index.html', 'utf8');
// DOMParser parses with scripting off, so the <noscript>'s content is elements, as it is in a
// browser without JavaScript.
const page = new DOMParser().parseFromString(template, 'text/html');

test('the landing template asks for the image by device class, desktop from DESKTOP_MIN_WIDTH', () => {
  const picture = page.querySelector('body > noscript > picture');
  const sources = picture?.querySelectorAll('source') ?? [];
  expect(sources).toHaveLength(1);
  expect(sources[0]?.getAttribute('media')).toBe(`(min-width: ${DESKTOP_MIN_WIDTH}px)`);
  expect(sources[0]?.getAttribute('srcset')).toBe(`${noscriptEndpoint}?d=desktop`);
  expect(picture?.querySelector('img')?.getAttribute('src')).toBe(`${noscriptEndpoint}?d=mobile`);
  expect(devices).toEqual(['mobile', 'desktop']);
});

test('the image takes no room, is not announced and stays outside what React hydrates', () => {
  const img = page.querySelector('noscript img');
  expect(img?.getAttribute('alt')).toBe('');
  expect(img?.getAttribute('width')).toBe('1');
  expect(img?.getAttribute('height')).toBe('1');
  expect(img?.getAttribute('style')).toMatch(/position: absolute;.*opacity: 0/);
  expect(page.querySelector('#root noscript')).toBeNull();
  // One image in the page (the head's <noscript> holds only a style, global.css says why).
  expect(page.querySelectorAll('noscript img')).toHaveLength(1);
  expect(page.querySelectorAll('body noscript')).toHaveLength(1);
});
