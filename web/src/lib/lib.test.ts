import { CASES } from './caseData';
import { iconNumber, iconUrl, socialUrl } from './cases';
import { contrastRatio } from './contrast';
import { DOCS_BASE_URL, docsUrl } from './docs';
import { nearestToCentre, pinnedTitleOpacity } from './highlight';
import { srcSet } from './images';
import { toLocale } from './locale';
import {
  CAMERA_MAX_DISTANCE,
  CAMERA_MIN_DISTANCE,
  cameraDistance,
  maxDpr,
  PHONE_MAX_DPR,
} from './scene';
import { CHIP_TEXT_COLOR, SERVICES } from './services';

describe('case icons', () => {
  test('the first five cases use icons 1 to 5', () => {
    expect([0, 1, 2, 3, 4].map(iconNumber)).toEqual([1, 2, 3, 4, 5]);
  });

  test('index 5 and above reuse icon 4', () => {
    expect([5, 6, 7, 12].map(iconNumber)).toEqual([4, 4, 4, 4]);
    expect(iconUrl(6)).toBe('/images/cases/icon-4.svg');
  });

  test('each case carries the icon its index maps to', () => {
    CASES.forEach((item, index) => expect(item.ico).toBe(iconNumber(index)));
  });
});

describe('case data', () => {
  test('has the seven cases of the spec: 3 websites, 2 bots, 1 database, 1 AI chatbot', () => {
    const count = (type: string) => CASES.filter((c) => c.type === type).length;
    expect(CASES).toHaveLength(7);
    expect([
      count('website'),
      count('telegram-bot'),
      count('database'),
      count('ai-chatbot'),
    ]).toEqual([3, 2, 1, 1]);
  });

  test('uses preview images 1 to 7 once each', () => {
    expect(CASES.map((c) => c.img).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  test('links the social profile by sType', () => {
    expect(socialUrl({ sType: 'x', social: 'mint' })).toBe('https://x.com/mint');
    expect(socialUrl({ sType: 'ig', social: 'mint' })).toBe('https://www.instagram.com/mint');
  });

  test('points Learn more at the case page of the docs', () => {
    for (const item of CASES) expect(item.url).toBe(`cases/${item.id}`);
  });
});

describe('docs URLs', () => {
  test('builds an English page from the base and the slug', () => {
    expect(docsUrl('smart-contracts', 'en', 'https://docs.test')).toBe(
      'https://docs.test/smart-contracts',
    );
  });

  test('adds the /ru prefix for Russian', () => {
    expect(docsUrl('smart-contracts', 'ru', 'https://docs.test/')).toBe(
      'https://docs.test/ru/smart-contracts',
    );
  });

  test('an empty slug opens the docs root in both languages', () => {
    expect(docsUrl('', 'en', 'https://docs.test')).toBe('https://docs.test/');
    expect(docsUrl('', 'ru', 'https://docs.test')).toBe('https://docs.test/ru/');
  });

  test('defaults to the configured base URL', () => {
    expect(docsUrl('defi', 'en')).toBe(`${DOCS_BASE_URL}/defi`);
    expect(DOCS_BASE_URL).toMatch(/^https:\/\/[^/]+.*[^/]$/);
  });

  test('reads region tags as their language', () => {
    expect(toLocale('ru-RU')).toBe('ru');
    expect(toLocale('en-GB')).toBe('en');
    expect(toLocale(undefined)).toBe('en');
  });
});

describe('services', () => {
  test('has the 14 slugs of the spec, one of them empty', () => {
    expect(SERVICES.map((s) => s.slug)).toEqual([
      'websites',
      'landing-pages',
      'ios-android',
      'ai-chatbots',
      'telegram-mini-apps',
      'telegram-bots',
      'databases',
      'software-scripts',
      'smart-contracts',
      'nft-collections',
      'tokens-meme-coins',
      'defi',
      'dapps',
      '',
    ]);
  });

  test('has 14 distinct fixed colours, each readable under the chip text (WCAG AA)', () => {
    const colours = SERVICES.map((s) => s.color);
    expect(new Set(colours).size).toBe(14);
    for (const colour of colours)
      expect(contrastRatio(colour, CHIP_TEXT_COLOR)).toBeGreaterThan(4.5);
  });
});

describe('case highlight', () => {
  test('picks the card whose centre is nearest the viewport centre', () => {
    const boxes = [
      { top: -300, bottom: 100 },
      { top: 150, bottom: 550 },
      { top: 600, bottom: 1000 },
    ];
    expect(nearestToCentre(boxes, 800)).toBe(1);
    expect(nearestToCentre(boxes, 1800)).toBe(2);
    expect(nearestToCentre([], 800)).toBe(-1);
  });

  test('keeps the pinned title whole until the list end rises to it, then fades it out', () => {
    expect(pinnedTitleOpacity(2000, 400, 200)).toBe(1);
    expect(pinnedTitleOpacity(600, 400, 200)).toBe(1);
    expect(pinnedTitleOpacity(500, 400, 200)).toBeCloseTo(0.5);
    expect(pinnedTitleOpacity(400, 400, 200)).toBe(0);
    expect(pinnedTitleOpacity(-100, 400, 200)).toBe(0);
  });
});

describe('3D scene settings', () => {
  test('moves the camera from 200 on narrow windows to 420 on wide ones', () => {
    expect(cameraDistance(320)).toBe(CAMERA_MIN_DISTANCE);
    expect(cameraDistance(375)).toBe(200);
    expect(cameraDistance(1920)).toBe(CAMERA_MAX_DISTANCE);
    expect(cameraDistance(2560)).toBe(420);
    const mid = cameraDistance(1280);
    expect(mid).toBeGreaterThan(200);
    expect(mid).toBeLessThan(420);
  });

  test('caps the pixel ratio on phones', () => {
    expect(maxDpr(375)).toBe(PHONE_MAX_DPR);
    expect(maxDpr(1920)).toBeGreaterThan(PHONE_MAX_DPR);
  });
});

test('lists both widths of a generated image', () => {
  expect(srcSet('/images/x', 'avif')).toBe('/images/x-480.avif 480w, /images/x-960.avif 960w');
});
