import { contrastRatio } from './contrast';
import { CHIP_TEXT_COLOR, SERVICES } from './services';

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
