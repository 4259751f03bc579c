import { nearestToCentre, pinnedTitleOpacity } from './highlight';

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
