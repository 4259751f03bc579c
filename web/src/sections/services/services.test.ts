import { AA_CONTRAST, contrastRatio } from '../../lib/contrast';
import { CHIP_TEXT_COLOR } from './services';
import { en, ru } from '../../test/messages';

describe('services', () => {
  test('each language lists the same services with the same links and colours', () => {
    const shared = (list: typeof en.whatWeOffer.services) =>
      list.map(({ slug, color }) => ({ slug, color }));
    expect(shared(ru.whatWeOffer.services)).toEqual(shared(en.whatWeOffer.services));
  });

  test('the shipped colours are distinct and readable under the chip text (WCAG AA)', () => {
    const colours = en.whatWeOffer.services.map((s) => s.color);
    expect(new Set(colours).size).toBe(colours.length);
    for (const colour of colours)
      expect(contrastRatio(colour, CHIP_TEXT_COLOR)).toBeGreaterThan(AA_CONTRAST);
  });
});
